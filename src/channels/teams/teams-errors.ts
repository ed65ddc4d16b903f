// Errors with a stable name and a message that says how to fix the problem.
import { DatathreadError } from '../../support/errors.js';

export class TeamsConfigurationError extends DatathreadError {
  override readonly name = 'TeamsConfigurationError';
  readonly code = 'teams_configuration_invalid';
}
