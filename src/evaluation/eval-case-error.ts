// Case files that do not validate: every problem names its file, its case and the field.
import { DatathreadError } from '../support/errors.js';

export class EvalCaseError extends DatathreadError {
  override readonly name = 'EvalCaseError';
  readonly code = 'eval_cases_invalid';

  constructor(readonly problems: string[]) {
    super(`The evaluation cases have ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}
