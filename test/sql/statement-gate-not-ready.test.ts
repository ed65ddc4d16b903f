// Its own file so the gate module is fresh: no other test has initialised the parser here.
import { expect, it } from 'vitest';
import { StatementGateNotReadyError } from '../../src/sql/errors.js';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';

it('throws a named error when used before initStatementGate, and works after it', async () => {
  expect(() => checkReadOnly('SELECT 1', { dialect: 'duckdb', allowFileAccess: false })).toThrow(StatementGateNotReadyError);
  try {
    checkReadOnly('SELECT 1', { dialect: 'duckdb', allowFileAccess: false });
  } catch (error) {
    expect((error as Error).name).toBe('StatementGateNotReadyError');
  }
  await Promise.all([initStatementGate(), initStatementGate()]);
  await initStatementGate();
  expect(checkReadOnly('SELECT 1', { dialect: 'duckdb', allowFileAccess: false })).toEqual({ allowed: true, statementCount: 1 });
});
