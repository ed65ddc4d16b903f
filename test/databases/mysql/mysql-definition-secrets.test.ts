// SHOW CREATE results never carry a stored credential: a FEDERATED table's CONNECTION URL on the
// local MariaDB, and StarRocks external table / catalog PROPERTIES on the result shape StarRocks
// prints (no StarRocks server runs here).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabaseAdapter } from '../../../src/databases/create-database-adapter.js';
import { maskDefinitionSecrets, showsDefinition } from '../../../src/databases/mysql/mysql-definition-secrets.js';
import { mysqlRules } from '../../../src/databases/mysql/mysql-rules.js';
import { starrocksRules } from '../../../src/databases/starrocks/starrocks-rules.js';
import type { DatabaseAdapter } from '../../../src/databases/types.js';
import { createScratchMariaDb, MARIADB_HOST, MARIADB_PORT, mariaDbAvailable, type ScratchMariaDb } from '../../support/mariadb-database.js';
import { databaseConfig, QUERY_OPTIONS } from '../database-test-helpers.js';

// A space and a quote: MariaDB accepts both in a FEDERATED password, and prints the quote doubled.
const FEDERATED_PASSWORD = "fed Secret'42";
const FEDERATED_PASSWORD_IN_SQL = FEDERATED_PASSWORD.replaceAll("'", "''");

async function federatedEngineEnabled(scratch: ScratchMariaDb): Promise<boolean> {
  const [rows] = await scratch.admin.query("SELECT COUNT(*) AS n FROM information_schema.engines WHERE engine = 'FEDERATED' AND support IN ('YES', 'DEFAULT')");
  return Number((rows as Array<{ n: number }>)[0]?.n) > 0;
}

/** MariaDB ships FEDERATED as a plugin that is off by default: the test's root account turns it on. */
async function federatedEngineAvailable(scratch: ScratchMariaDb): Promise<boolean> {
  if (await federatedEngineEnabled(scratch)) return true;
  await scratch.admin.query("INSTALL SONAME 'ha_federatedx'").catch(() => undefined);
  return federatedEngineEnabled(scratch);
}

const available = await mariaDbAvailable();
let scratch: ScratchMariaDb;
let adapter: DatabaseAdapter;
let federated = false;
// FEDERATED checks its connection when the table is created: a real account, unique to this run.
const federatedUser = `dt_fed_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  if (!available) return;
  scratch = await createScratchMariaDb('dt_mysql_secrets');
  federated = await federatedEngineAvailable(scratch);
  await scratch.admin.query('CREATE TABLE remote_items (id INT PRIMARY KEY, label VARCHAR(40))');
  if (federated) {
    await scratch.admin.query(`CREATE USER '${federatedUser}'@'%' IDENTIFIED BY '${FEDERATED_PASSWORD_IN_SQL}'`);
    await scratch.admin.query(`GRANT SELECT ON \`${scratch.name}\`.* TO '${federatedUser}'@'%'`);
    await scratch.admin.query(
      `CREATE TABLE linked_items (id INT PRIMARY KEY, label VARCHAR(40)) ENGINE=FEDERATED CONNECTION='mysql://${federatedUser}:${FEDERATED_PASSWORD_IN_SQL}@${MARIADB_HOST}:${MARIADB_PORT}/${scratch.name}/remote_items'`,
    );
  }
  adapter = await createDatabaseAdapter(databaseConfig({ type: 'mysql', host: MARIADB_HOST, port: MARIADB_PORT, user: 'root', password: '', database: scratch.name }));
});

afterAll(async () => {
  await adapter?.close();
  if (federated) await scratch.admin.query(`DROP USER IF EXISTS '${federatedUser}'@'%'`);
  await scratch?.drop();
});

describe.skipIf(!available)('SHOW CREATE on MariaDB', () => {
  test('a FEDERATED table’s definition keeps its connection but not its password', async (context) => {
    if (!federated) context.skip();
    const result = await adapter.runQuery('SHOW CREATE TABLE linked_items', QUERY_OPTIONS);
    const definition = String(result.rows[0]?.[1]);
    expect(definition).not.toContain('Secret');
    expect(definition).toContain(`mysql://${federatedUser}:***@${MARIADB_HOST}:${MARIADB_PORT}/${scratch.name}/remote_items`);
    expect(result.rows[0]?.[0]).toBe('linked_items');
  });

  test('a SHOW CREATE behind a leading comment is masked too', async (context) => {
    if (!federated) context.skip();
    const result = await adapter.runQuery('/* which link? */ -- the linked table\nshow create table linked_items', QUERY_OPTIONS);
    expect(String(result.rows[0]?.[1])).not.toContain('Secret');
    expect(String(result.rows[0]?.[1])).toContain(`${federatedUser}:***@`);
  });

  test('every spelling of SHOW CREATE the server runs is masked: comments, tabs and line breaks between the words', async (context) => {
    if (!federated) context.skip();
    for (const sql of showCreateSpellings('linked_items')) {
      const result = await adapter.runQuery(sql, QUERY_OPTIONS);
      const definition = String(result.rows[0]?.[1]);
      expect(definition, JSON.stringify(sql)).toContain(`${federatedUser}:***@`);
      expect(definition, JSON.stringify(sql)).not.toContain('Secret');
    }
  });

  test('a definition without a credential is returned unchanged', async () => {
    const result = await adapter.runQuery('SHOW CREATE TABLE remote_items', QUERY_OPTIONS);
    expect(String(result.rows[0]?.[1])).toMatch(/^CREATE TABLE `remote_items` \(\n {2}`id` int\(11\) NOT NULL,/);
  });

  test('rows of an ordinary query that look like a connection URL are data, not a definition', async () => {
    const result = await adapter.runQuery("SELECT 'mysql://someone:kept@example.com/db' AS address", QUERY_OPTIONS);
    expect(result.rows).toEqual([['mysql://someone:kept@example.com/db']]);
  });
});

/** Spellings MariaDB runs as SHOW CREATE TABLE, each with something other than one space between the words. */
function showCreateSpellings(table: string): string[] {
  return [
    `SHOW CREATE TABLE ${table}`,
    `SHOW /**/ CREATE TABLE ${table}`,
    `SHOW/**/CREATE/**/TABLE ${table}`,
    `SHOW\tCREATE TABLE ${table}`,
    `SHOW\nCREATE TABLE ${table}`,
    `SHOW\r\nCREATE TABLE ${table}`,
    `SHOW -- which one?\nCREATE TABLE ${table}`,
    `SHOW # which one?\nCREATE TABLE ${table}`,
    `SHOW\u000bCREATE TABLE ${table}`,
    `SHOW\fCREATE TABLE ${table}`,
    `show  create  table ${table}`,
    `/* leading */ SHOW CREATE TABLE ${table};`,
  ];
}

describe('SHOW CREATE is recognised on the statement’s tokens', () => {
  test('every spelling is a SHOW CREATE, on MySQL’s lexical rules', () => {
    for (const sql of showCreateSpellings('fed')) expect(showsDefinition(sql, mysqlRules.lexical), JSON.stringify(sql)).toBe(true);
  });

  test('words in strings, names and comments are not', () => {
    for (const sql of ["SELECT 'SHOW CREATE TABLE fed'", 'SELECT 1 AS `SHOW CREATE`', 'SELECT 1 /* SHOW CREATE TABLE fed */', 'SELECT 1 # SHOW CREATE TABLE fed', 'SHOW TABLES']) {
      expect(showsDefinition(sql, mysqlRules.lexical), sql).toBe(false);
    }
  });

  test('StarRocks reads with its own rules: `--x` is a comment there', () => {
    expect(showsDefinition('SHOW --x\nCREATE TABLE fed', starrocksRules.lexical)).toBe(true);
    expect(showsDefinition('SHOW --x\nCREATE TABLE fed', mysqlRules.lexical)).toBe(false);
  });
});

describe('StarRocks definitions', () => {
  test('catalog and external table properties that hold secrets are masked, the rest kept', () => {
    const catalog = `CREATE EXTERNAL CATALOG \`jdbc_sales\`
PROPERTIES ("type"  =  "jdbc",
"user"  =  "reader",
"password"  =  "pa\\"ss-1",
"jdbc_uri"  =  "jdbc:mysql://db.internal:3306",
"aws.s3.secret_key"  =  "AKIA-SECRET",
"aws.s3.access_key"  =  "AKIA-ID"
)`;
    const masked = maskDefinitionSecrets(catalog);
    expect(masked).toContain('"password"  =  "***"');
    expect(masked).toContain('"aws.s3.secret_key"  =  "***"');
    expect(masked).toContain('"user"  =  "reader"');
    expect(masked).toContain('"jdbc_uri"  =  "jdbc:mysql://db.internal:3306"');
    expect(masked).not.toContain('pa\\"ss-1');
    expect(masked).not.toContain('AKIA-SECRET');
  });

  test('a JDBC resource URL with user:password@ keeps its host and loses its password', () => {
    expect(maskDefinitionSecrets('"jdbc_uri" = "jdbc:postgresql://admin:hunter2@pg.internal:5432/sales"')).toBe(
      '"jdbc_uri" = "jdbc:postgresql://admin:***@pg.internal:5432/sales"',
    );
  });
});
