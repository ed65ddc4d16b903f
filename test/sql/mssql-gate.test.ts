// The statement gate with the SQL Server rules: locking table hints are refused wherever and
// however they are written, hints that only lower locking or steer the plan stay.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';

beforeAll(async () => {
  await initStatementGate();
});

function verdict(sql: string) {
  return checkReadOnly(sql, { dialect: 'mssql', allowFileAccess: false });
}

describe('SQL Server locking hints', () => {
  it.each([
    ['SELECT * FROM dbo.orders WITH (TABLOCKX, HOLDLOCK)', 'TABLOCKX'],
    ['SELECT * FROM dbo.orders WITH (HOLDLOCK)', 'HOLDLOCK'],
    ['SELECT o.id FROM orders AS o WITH (UPDLOCK, ROWLOCK) WHERE o.id = 1', 'UPDLOCK'],
    ['SELECT * FROM orders WITH (NOLOCK) JOIN customers c WITH (XLOCK) ON c.id = orders.customer_id', 'XLOCK'],
    ['SELECT * FROM orders (UPDLOCK)', 'UPDLOCK'],
    ['SELECT * FROM orders o (TABLOCK)', 'TABLOCK'],
    ['SELECT * FROM orders AS o (PAGLOCK)', 'PAGLOCK'],
    ['SELECT * FROM orders WITH (SERIALIZABLE)', 'SERIALIZABLE'],
    ['SELECT * FROM orders WITH (REPEATABLEREAD)', 'REPEATABLEREAD'],
    ['SELECT * FROM orders WITH (READCOMMITTEDLOCK)', 'READCOMMITTEDLOCK'],
    ['SELECT * FROM orders WITH (INDEX(ix_orders_date), xlock)', 'XLOCK'],
    ['SELECT * FROM orders WITH ([UPDLOCK])', 'UPDLOCK'],
    ['SELECT * FROM (SELECT id FROM orders WITH (TABLOCKX)) AS t', 'TABLOCKX'],
    ['WITH recent AS (SELECT id FROM orders WITH (HOLDLOCK)) SELECT * FROM recent', 'HOLDLOCK'],
  ])('refuses %s, naming the hint and why', (sql, hint) => {
    const result = verdict(sql);
    expect(result.allowed).toBe(false);
    expect(result.allowed ? '' : result.reason).toMatch(new RegExp(`^Table hint ${hint} is not allowed: it takes or holds locks on the table`));
  });

  it('refuses READPAST, which silently leaves locked rows out of the answer', () => {
    const result = verdict('SELECT count(*) FROM orders WITH (READPAST)');
    expect(result.allowed ? '' : result.reason).toBe('Table hint READPAST is not allowed: it skips rows other sessions have locked, so the answer would silently leave rows out; remove the hint.');
  });

  it.each([
    'SELECT * FROM orders WITH (NOLOCK)',
    'SELECT * FROM orders o (NOLOCK)',
    'SELECT * FROM orders WITH (READUNCOMMITTED, INDEX(ix_orders_date))',
    'SELECT * FROM orders WITH (NOWAIT)',
    'SELECT * FROM orders WITH (FORCESEEK)',
    "SELECT 'UPDLOCK' AS hint_name FROM orders -- WITH (HOLDLOCK)",
  ])('allows %s', (sql) => {
    expect(verdict(sql)).toMatchObject({ allowed: true });
  });
});
