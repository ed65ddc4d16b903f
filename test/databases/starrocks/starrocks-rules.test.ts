// StarRocks refuses its own loading, exporting and scheduling statements on top of MySQL's rules.
import { beforeAll, expect, it } from 'vitest';
import { checkReadOnly, initStatementGate } from '../../../src/sql/statement-gate.js';

beforeAll(async () => {
  await initStatementGate();
});

const check = (sql: string) => checkReadOnly(sql, { dialect: 'starrocks', allowFileAccess: false });

for (const [sql, label] of [
  ['INSERT OVERWRITE sales SELECT * FROM staging', 'INSERT OVERWRITE'],
  ['SUBMIT TASK AS INSERT INTO t SELECT 1', 'SUBMIT'],
  ["EXPORT TABLE sales TO 'hdfs://x/'", 'EXPORT'],
  ['CREATE ROUTINE LOAD db.job ON sales FROM KAFKA ("kafka_topic" = "t")', 'CREATE'],
  ['BACKUP SNAPSHOT db.snap TO repo', 'BACKUP'],
  ["SELECT * FROM FILES('path' = 's3://bucket/x.parquet', 'format' = 'parquet')", 'files'],
  ['SELECT SLEEP(1)', 'sleep'],
]) {
  it(`refuses ${sql}`, () => {
    const verdict = check(sql!);
    expect(verdict.allowed).toBe(false);
    expect(verdict.allowed ? '' : verdict.reason).toContain(label);
  });
}

it('allows MySQL-style reads', () => {
  expect(check('SELECT `region`, SUM(amount) FROM sales GROUP BY `region`')).toEqual({ allowed: true, statementCount: 1 });
});
