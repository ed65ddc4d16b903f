// Errors with a stable name and a message that says how to fix the problem.
export class TeamsConfigurationError extends Error {
  override readonly name = 'TeamsConfigurationError';
}
