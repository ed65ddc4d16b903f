// The lexical rules of the dialects whose engines run here, checked against those engines: which
// ASCII characters separate tokens, what ends a `--` comment, and (MariaDB) which characters after
// `--` make it a comment. For every character the gate reads as whitespace the engine must too;
// every space-like character the gate does not list is refused; a comment ends where the engine
// ends it. A rule taken from documentation that the engine contradicts fails here.
import { DuckDBInstance } from '@duckdb/node-api';
import mysql from 'mysql2/promise';
import pg from 'pg';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dialectRules } from '../../src/databases/dialects.js';
import { tokenizeSql } from '../../src/sql/sql-tokenizer.js';
import type { Dialect } from '../../src/sql/statement-gate.js';
import { MARIADB_HOST, MARIADB_PORT, mariaDbAvailable } from '../support/mariadb-database.js';
import { clickhouseEngineAvailable, startClickHouseServer, type ClickHouseServer } from '../support/clickhouse-engine.js';
import { adminUrl } from '../support/postgres-database.js';

/** Runs one statement and returns its rows as arrays, or throws the engine's error. */
type Runner = (sql: string) => Promise<unknown[][]>;

/** Control characters, the space, DEL, and the space-like characters readers disagree on. */
const CANDIDATES = [
  ...Array.from({ length: 0x20 }, (_, index) => String.fromCharCode(index + 1)),
  '\u007f', '\u0085', '\u00a0', '\u1680', '\u180e', '\u2000', '\u2005', '\u200a', '\u200b', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff',
];

/** The engine's answer, or 'error' when it refuses the text. */
async function answer(run: Runner, sql: string): Promise<unknown[][] | 'error'> {
  try {
    return await run(sql);
  } catch {
    return 'error';
  }
}

/** The gate's reading of a one-row SELECT of literals: how many columns, or 'refused'. */
function gateColumns(sql: string, dialect: Dialect): number | 'refused' {
  const tokenization = tokenizeSql(sql, dialectRules(dialect).lexical);
  if (tokenization.disagreements.length > 0) return 'refused';
  return tokenization.tokens.filter((token) => token.kind === 'punctuation' && token.text === ',' && token.depth === 0).length + 1;
}

function agreementCases(name: string, dialect: Dialect, runner: () => Runner | null) {
  describe(`${name} reads text as the ${dialect} rules say`, () => {
    test('every character the rules call whitespace separates tokens; every other space-like character is refused', async (context) => {
      const run = runner();
      if (run === null) return context.skip();
      const whitespace = dialectRules(dialect).lexical.whitespace;
      for (const character of CANDIDATES) {
        const sql = `SELECT 1${character}AS${character}x`;
        const label = `U+${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
        if (whitespace.includes(character)) {
          expect(await answer(run, sql), label).toEqual([[1]]);
        } else if (gateColumns(sql, dialect) !== 'refused') {
          // Read by the gate as punctuation: the engine must not take it for a space either.
          expect(await answer(run, sql), label).not.toEqual([[1]]);
        }
      }
    });

    test('a -- comment ends where the engine ends it: at a line feed, and at a carriage return only where the rules say', async (context) => {
      const run = runner();
      if (run === null) return context.skip();
      for (const sql of ['SELECT 1 AS x -- note\r, 2 AS y', 'SELECT 1 AS x -- note\n, 2 AS y', 'SELECT 1 AS x -- note\r\n, 2 AS y', 'SELECT 1 AS x /* a\r */ , 2 AS y']) {
        const rows = await answer(run, sql);
        const gate = gateColumns(sql, dialect);
        if (gate === 'refused') continue;
        expect(rows === 'error' ? 'error' : rows[0]?.length, JSON.stringify(sql)).toBe(gate);
      }
    });
  });
}

let mariadb: mysql.Connection | null = null;
let postgres: pg.Client | null = null;
let duckdb: Awaited<ReturnType<DuckDBInstance['connect']>> | null = null;
let sqlite: sqlite3.Database | null = null;
let clickhouse: ClickHouseServer | null = null;

/** One statement over ClickHouse's HTTP interface (chdb behind the test front), rows as arrays. */
async function runOnClickHouse(sql: string): Promise<unknown[][]> {
  const response = await fetch(`${clickhouse!.url}/?user=default&default_format=JSONCompact`, { method: 'POST', body: sql });
  const body = await response.text();
  if (!response.ok || body.includes('Code:')) throw new Error(body);
  return (JSON.parse(body) as { data: unknown[][] }).data;
}

beforeAll(async () => {
  if (await mariaDbAvailable()) mariadb = await mysql.createConnection({ host: MARIADB_HOST, port: MARIADB_PORT, user: 'root', password: '', charset: 'utf8mb4' });
  postgres = new pg.Client({ connectionString: adminUrl() });
  await postgres.connect();
  duckdb = await (await DuckDBInstance.create(':memory:')).connect();
  sqlite = new sqlite3.Database(':memory:');
  if (clickhouseEngineAvailable()) clickhouse = await startClickHouseServer({ users: { default: '' } });
}, 120_000);

afterAll(async () => {
  await mariadb?.end();
  await postgres?.end();
  duckdb?.closeSync();
  sqlite?.close();
  await clickhouse?.close();
});

agreementCases('MariaDB', 'mysql', () => (mariadb === null ? null : async (sql) => (await mariadb!.query({ sql, rowsAsArray: true }))[0] as unknown[][]));
agreementCases('PostgreSQL', 'postgres', () => async (sql) => (await postgres!.query({ text: sql, rowMode: 'array' })).rows);
agreementCases('DuckDB', 'duckdb', () => async (sql) => (await duckdb!.runAndReadAll(sql)).getRows() as unknown[][]);
agreementCases('SQLite', 'sqlite', () => (sql) =>
  new Promise((resolve, reject) => sqlite!.all(sql, (error, rows: Record<string, unknown>[]) => (error ? reject(error) : resolve(rows.map((row) => Object.values(row)))))),
);

agreementCases('ClickHouse (chdb)', 'clickhouse', () => (clickhouse === null ? null : runOnClickHouse));

describe.skipIf(!(await mariaDbAvailable()))('MariaDB: which character after -- makes it a comment', () => {
  test('an ASCII space or control character, and nothing else', async () => {
    const run = async (sql: string) => (await mariadb!.query({ sql, rowsAsArray: true }))[0] as unknown[][];
    for (const character of [...CANDIDATES, 'x', '1', '-']) {
      // A comment: one column, 3. Not a comment: 3 - -1 = 4, or an error for a name U+00A0.
      const sql = `SELECT 3 AS x --${character}1\n`;
      const engine = await answer(run, sql);
      const gate = gateColumns(sql, 'mysql');
      const label = `U+${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
      const engineComment = engine !== 'error' && engine[0]?.[0] === 3;
      const gateComment = gate !== 'refused' && tokenizeSql(sql, dialectRules('mysql').lexical).tokens.length === 4;
      expect(gateComment, label).toBe(engineComment);
    }
  });
});
