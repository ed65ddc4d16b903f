// Errors the sql/ module throws. Refusals are not errors (they are verdicts the model sees);
// these are programming faults the caller should fix.

export class StatementGateNotReadyError extends Error {
  override readonly name = 'StatementGateNotReadyError';
  constructor() {
    super('The statement gate was used before initStatementGate() finished loading the SQL parser; await initStatementGate() at startup.');
  }
}
