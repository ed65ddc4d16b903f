// A configuration problem found at start-up. The message lists every problem, each naming the key,
// what is wrong with its value, and how to fix it; the process exits non-zero before serving.
import { DatathreadError } from '../support/errors.js';

export interface ConfigProblem {
  /** Dotted key path, e.g. `databases[0].type` or `OPENAI_BASE_URL`. */
  key: string;
  problem: string;
  fix: string;
}

export class ConfigError extends DatathreadError {
  override readonly name = 'ConfigError';
  readonly code = 'config_invalid';
  constructor(readonly source: string, readonly problems: ConfigProblem[]) {
    super(
      [`Invalid configuration in ${source}:`, ...problems.map((item) => `  - ${item.key}: ${item.problem}. Fix: ${item.fix}`)].join('\n'),
    );
  }
}
