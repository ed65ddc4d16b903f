// A dbt artifact sync cannot use: missing, not JSON, or not the shape dbt writes. The message names
// the file and what is wrong with it, so the operator can fix the path or re-run `dbt parse`.
import { DatathreadError } from '../../support/errors.js';

export class DbtArtifactError extends DatathreadError {
  override readonly name = 'DbtArtifactError';
  readonly code = 'dbt_artifact_invalid';
}
