// Errors the sql/ module throws. Refusals are not errors (they are verdicts the model sees);
// these are programming faults the caller should fix.
import { DatathreadError } from '../support/errors.js';

export class StatementGateNotReadyError extends DatathreadError {
  override readonly name = 'StatementGateNotReadyError';
  readonly code = 'statement_gate_not_ready';
  constructor() {
    super('The statement gate was used before initStatementGate() finished loading the SQL parser; await initStatementGate() at startup.');
  }
}
