// Redshift's own data-moving statements are refused; its reads are allowed; config defaults fit it.
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseConfigSchema } from '../../../src/databases/database-config.js';
import { checkReadOnly, initStatementGate } from '../../../src/sql/statement-gate.js';

beforeAll(async () => {
  await initStatementGate();
});

const check = (sql: string) => checkReadOnly(sql, { dialect: 'redshift', allowFileAccess: false });

describe('Redshift statement gate', () => {
  for (const [sql, label] of [
    ["UNLOAD ('SELECT * FROM sales') TO 's3://bucket/x' IAM_ROLE 'arn:aws:iam::1:role/r'", 'UNLOAD'],
    ["COPY sales FROM 's3://bucket/x' IAM_ROLE 'arn:aws:iam::1:role/r'", 'COPY'],
    ["CREATE EXTERNAL SCHEMA spectrum FROM DATA CATALOG DATABASE 'db' IAM_ROLE 'r'", 'CREATE EXTERNAL'],
    ["CREATE EXTERNAL TABLE spectrum.t (id int) LOCATION 's3://bucket/'", 'CREATE EXTERNAL'],
    ['CALL my_procedure()', 'CALL'],
    ["SELECT pg_read_file('/etc/passwd')", 'pg_read_file'],
    ['DELETE FROM sales', 'DELETE'],
  ]) {
    it(`refuses ${sql}`, () => {
      const verdict = check(sql!);
      expect(verdict.allowed).toBe(false);
      expect(verdict.allowed ? '' : verdict.reason).toContain(label);
    });
  }

  it('allows plain reads', () => {
    expect(check('SELECT region, SUM(amount) FROM sales GROUP BY 1 ORDER BY 2 DESC LIMIT 10')).toEqual({ allowed: true, statementCount: 1 });
    expect(check('SELECT * FROM svv_columns WHERE table_schema = \'public\'')).toEqual({ allowed: true, statementCount: 1 });
  });
});

describe('Redshift and MySQL configuration', () => {
  it('accepts mariadb as mysql and requires a host for server dialects', () => {
    expect(databaseConfigSchema.parse({ name: 'm', type: 'mariadb', host: 'db' }).type).toBe('mysql');
    const missingHost = databaseConfigSchema.safeParse({ name: 'r', type: 'redshift' });
    expect(missingHost.success).toBe(false);
    expect(JSON.stringify(missingHost.error?.issues)).toContain('is required for type redshift');
  });

  it('allows azure_entra_id only where the database takes an Entra token', () => {
    expect(databaseConfigSchema.safeParse({ name: 'm', type: 'mysql', host: 'db', auth_mode: 'azure_entra_id' }).success).toBe(true);
    const redshift = databaseConfigSchema.safeParse({ name: 'r', type: 'redshift', host: 'db', auth_mode: 'azure_entra_id' });
    const supported = /azure_entra_id is supported for type ([a-z, ]+) only/.exec(JSON.stringify(redshift.error?.issues))?.[1]?.split(', ');
    expect(supported).toEqual(expect.arrayContaining(['postgres', 'mysql']));
    expect(supported).not.toContain('redshift');
  });
});
