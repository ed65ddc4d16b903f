// The documented verified-query workflow (export the ones verified in chat into the context folder,
// review, commit, remove the stored ones) must not double the file-based queries: export writes
// only the chat-verified ones, into a folder it creates; `check` fails on a query verified twice
// and on one naming a database that is not configured; `verified list` names the files it skipped.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { parseVerifiedQueryFile } from '../../src/verified/verified-query-files.js';
import { normalizeSql } from '../../src/verified/verified-query.js';
import { openStore } from '../../src/store/open-store.js';
import { captureOutput, createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../support/e2e-workspace.js';

let workspace: E2eWorkspace;
let verifiedFolder: string;

const FILE_QUERIES = `queries:
  - question: What are total sales by region?
    sql: SELECT region, SUM(amount) AS total FROM sales GROUP BY region
    database: shop
  - question: How many sales are there?
    sql: SELECT COUNT(*) AS sales FROM sales
    database: shop
  - question: What is the largest sale?
    sql: SELECT MAX(amount) AS largest FROM sales
`;
const CHAT_SQL = "SELECT SUM(amount) AS north FROM sales WHERE region = 'North'";

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'first-hour-verified',
    config: { databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }], agent: { model: SCRIPTED_MODEL }, context: { path: 'context' } },
    duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100), ('South', 50)"],
  });
  verifiedFolder = join(workspace.directory, 'context', 'verified');
  await mkdir(verifiedFolder, { recursive: true });
  await writeFile(join(verifiedFolder, 'sales.yaml'), FILE_QUERIES);
  const store = await openStore(workspace.variables.DATATHREAD_STATE!);
  try {
    await store.verifiedQueries.saveVerifiedQuery(
      { id: 'verified_north', question: 'What did the North sell?', paraphrases: [], sql: CHAT_SQL, databaseName: 'shop', verifiedBy: { platform: 'slack', userId: 'UANA', displayName: 'Ana' }, verifiedAt: new Date('2026-11-03T09:00:00Z'), threadId: 'slack:T1:C1:1.1' },
      normalizeSql(CHAT_SQL),
    );
  } finally {
    await store.close();
  }
});

afterAll(async () => {
  await workspace.close();
});

async function cli(argv: string[]): Promise<{ code: number; text: string; errors: string }> {
  const output = captureOutput();
  const errors = captureOutput();
  const code = await runCli(argv, { variables: workspace.variables, output: output.output, errors: errors.output });
  return { code, text: output.text(), errors: errors.text() };
}

async function check(): Promise<{ code: number; text: string }> {
  workspace.fakeModel.enqueue({ text: 'OK' });
  return cli(['check']);
}

describe('the verified-query workflow', () => {
  it('exports only the queries verified in chat, into a folder it creates', async () => {
    const out = join(workspace.directory, 'exports', 'december', 'from-chat.yaml');
    const result = await cli(['verified', 'export', '--out', out]);
    expect(result).toMatchObject({ code: 0, text: `1 query verified in chat written to ${out}\n` });
    const exported = parseVerifiedQueryFile('verified/from-chat.yaml', await readFile(out, 'utf8'));
    expect(exported.queries.map((query) => query.sql)).toEqual([CHAT_SQL]);
  });

  it('check fails on a query verified twice: the export committed before the stored one is removed', async () => {
    const inFolder = join(verifiedFolder, 'from-chat.yaml');
    expect((await cli(['verified', 'export', '--out', inFolder])).code).toBe(0);
    try {
      const listed = JSON.parse((await cli(['verified', 'list', '--format', 'json'])).text) as Array<{ id: string }>;
      expect(listed).toHaveLength(5);
      const result = await check();
      expect(result.code).toBe(1);
      expect(result.text).toContain('Verified queries: 1 verified more than once (the same SQL on the same database); keep one of each:\n  file:verified/from-chat.yaml#1, verified_north\n');
      // Removing the stored one, as the workflow says, leaves each query once.
      expect((await cli(['verified', 'remove', 'verified_north'])).code).toBe(0);
      const after = await check();
      expect(after.text).toContain('Verified queries: 4 in ');
      expect(after.code).toBe(0);
    } finally {
      await rm(inFolder);
    }
  });

  it('check names a query whose database is not configured', async () => {
    const path = join(verifiedFolder, 'finance.yaml');
    await writeFile(path, 'question: Revenue in 2025?\nsql: SELECT 1\ndatabase: finance\n');
    try {
      const result = await check();
      expect(result.code).toBe(1);
      expect(result.text).toContain('Verified queries: 1 name a database that is not configured (shop), so they are never used:\n  file:verified/finance.yaml#1: database finance\n');
    } finally {
      await rm(path);
    }
  });

  it('verified list names the files it skipped', async () => {
    const path = join(verifiedFolder, 'broken.yaml');
    await writeFile(path, 'question: Orders?\nsql: SELECT 1\nverified_on: 2026-11-02\n');
    try {
      const result = await cli(['verified', 'list']);
      expect(result.code).toBe(0);
      expect(result.text).toContain('file:verified/sales.yaml#1');
      expect(result.text).toMatch(/\nSkipped 1 file with problems \(`datathread check` says which\): verified\/broken\.yaml\n$/);
    } finally {
      await rm(path);
    }
  });
});
