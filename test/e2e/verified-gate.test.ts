// Verified SQL passes the statement gate on every path: a verified query the
// gate refuses is named by `datathread check` with where it lives and why, is never a trusted
// example in the prompt, and `eval --from-verified` never runs it: on a PostgreSQL superuser
// connection a verified `COPY … TO '<file>'` used to write the file. The gold SQL of any case file
// passes the same gate.
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import type { EvalCase } from '../../src/evaluation/eval-case.js';
import { openStore } from '../../src/store/open-store.js';
import { queryDuckDbFile } from '../support/duckdb-fixture.js';
import { captureOutput, createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../support/e2e-workspace.js';
import { enqueueResponder, evalCaseResponder } from '../support/eval-scripted-model.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';

let workspace: E2eWorkspace;
let postgres: ScratchDatabase;
/** Where a verified COPY would write, were it run: the PostgreSQL server writes it, on this machine. */
const copyTarget = join(tmpdir(), `gate-paths-verified-copy-${process.pid}-${Math.random().toString(36).slice(2, 8)}.csv`);

const DELETE_SQL = "DELETE FROM sales WHERE region = 'North'";
const VERIFIED_FILES = {
  'sales.yaml': 'question: What are total sales by region?\nsql: SELECT region, SUM(amount) AS total FROM sales GROUP BY region\ndatabase: shop\n',
  'cleanup.yaml': `queries:\n  - question: How many sales rows are there?\n    sql: SELECT COUNT(*) AS n FROM sales\n    database: shop\n  - question: Remove the North sales rows\n    paraphrases: [Delete North sales]\n    sql: ${DELETE_SQL}\n    database: shop\n`,
};

beforeAll(async () => {
  postgres = await createScratchDatabase('gate_paths_verified');
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  await client.query('CREATE TABLE orders (id integer); INSERT INTO orders VALUES (1), (2)');
  await client.end();
  const url = new URL(postgres.url);
  workspace = await createE2eWorkspace({
    prefix: 'verified-gate',
    config: {
      databases: [
        { name: 'shop', type: 'duckdb', path: 'shop.duckdb' },
        // A superuser connection, as an operator who skipped the README's read-only role would have.
        { name: 'pg', type: 'postgres', host: url.hostname, port: Number(url.port || 5432), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password), database: postgres.name },
      ],
      agent: { model: SCRIPTED_MODEL },
      context: { path: 'context' },
    },
    duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100), ('North', 200), ('South', 50)"],
  });
  await mkdir(join(workspace.directory, 'context', 'verified'), { recursive: true });
  for (const [name, text] of Object.entries(VERIFIED_FILES)) await writeFile(join(workspace.directory, 'context', 'verified', name), text);
});

afterEach(() => workspace.fakeModel.discardPending());

afterAll(async () => {
  await workspace?.close();
  await postgres?.drop();
  await rm(copyTarget, { force: true });
});

async function cli(argv: string[], variables = workspace.variables): Promise<{ code: number; text: string }> {
  const captured = captureOutput();
  const code = await runCli(argv, { variables, output: captured.output, errors: captured.output });
  return { code, text: captured.text() };
}

describe('verified SQL through the statement gate', () => {
  it('datathread check names a verified DELETE with its path, the line of its SQL and the reason, and fails', async () => {
    workspace.fakeModel.enqueue({ text: 'OK' });
    const { code, text } = await cli(['check']);
    expect(text).toMatch(/Verified queries: 1 refused by the statement gate[^\n]*\n {2}verified\/cleanup\.yaml:7: refused on shop: [^\n]*DELETE/);
    expect(code).toBe(1);
  });

  it('names a chat-verified query the gate refuses by its id and question', async () => {
    const store = await openStore(workspace.variables.DATATHREAD_STATE!);
    try {
      await store.verifiedQueries.saveVerifiedQuery(
        { id: 'verified_drop', question: 'Drop the sales table', paraphrases: [], sql: 'DROP TABLE sales', databaseName: 'shop', verifiedBy: { platform: 'slack', userId: 'UANA', displayName: 'Ana' }, verifiedAt: new Date('2026-12-01T00:00:00Z'), threadId: 'slack:C1:1.0' },
        'drop table sales',
      );
      workspace.fakeModel.enqueue({ text: 'OK' });
      const { text } = await cli(['check']);
      expect(text).toContain('  chat-verified verified_drop ("Drop the sales table"): refused on shop: ');
      expect(text).toContain('Verified queries: 2 refused by the statement gate');
    } finally {
      await store.verifiedQueries.removeVerifiedQuery('verified_drop');
      await store.close();
    }
  });

  it('never gives the refused query to the model as a trusted example, and still gives the allowed ones', async () => {
    const before = workspace.fakeModel.requests.length;
    workspace.fakeModel.enqueue({ text: 'I will not delete anything.' });
    expect((await cli(['ask', 'Remove the North sales rows'])).code).toBe(0);
    const prompt = String(workspace.fakeModel.requests[before]!.messages[0]!.content);
    expect(prompt).not.toContain('DELETE');
    workspace.fakeModel.enqueue({ text: 'Three.' });
    expect((await cli(['ask', 'How many sales rows are there?'])).code).toBe(0);
    expect(String(workspace.fakeModel.requests[before + 1]!.messages[0]!.content)).toContain('SELECT COUNT(*) AS n FROM sales');
    // And the data is untouched.
    expect(await queryDuckDbFile(join(workspace.directory, 'shop.duckdb'), 'SELECT CAST(COUNT(*) AS INTEGER) AS n FROM sales')).toEqual([{ n: 3 }]);
  });

  it('eval --from-verified never runs a verified COPY … TO on a PostgreSQL superuser connection: the case fails with the reason and no file is written', async () => {
    const folder = join(workspace.directory, 'copy-context');
    await mkdir(join(folder, 'verified'), { recursive: true });
    const copySql = `COPY (SELECT id FROM orders) TO '${copyTarget}'`;
    await writeFile(join(folder, 'verified', 'export.yaml'), JSON.stringify({ question: 'Export the order ids', sql: copySql, database: 'pg' }));
    const configPath = join(workspace.directory, 'copy-config.yaml');
    const url = new URL(postgres.url);
    await writeFile(configPath, JSON.stringify({
      databases: [{ name: 'pg', type: 'postgres', host: url.hostname, port: Number(url.port || 5432), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password), database: postgres.name }],
      agent: { model: SCRIPTED_MODEL },
      context: { path: folder },
    }));
    const asCase: EvalCase = { name: 'export', question: 'Export the order ids', sql: copySql, tags: [], expect: { toolCalls: [], answerContains: [], answerNotContains: [] }, source: 'test' };
    enqueueResponder(workspace.fakeModel, evalCaseResponder([asCase], () => 'SELECT id FROM orders'), 1);
    const { code, text } = await cli(['eval', '--from-verified'], { ...workspace.variables, DATATHREAD_CONFIG: configPath });

    expect(text).toMatch(/FAIL verified-export-the-order-ids: the gold SQL was not run: the statement gate refuses it on pg: [^\n]*COPY/);
    expect(code).toBe(1);
    expect(existsSync(copyTarget)).toBe(false);
  });

  it('runs no gold SQL of a case file that the gate refuses either', async () => {
    const casesFolder = join(workspace.directory, 'cases');
    await mkdir(casesFolder, { recursive: true });
    await writeFile(join(casesFolder, 'delete.yaml'), JSON.stringify({ cases: [{ name: 'delete-north', question: 'How many North rows?', database: 'shop', sql: DELETE_SQL }] }));
    const asCase: EvalCase = { name: 'delete-north', question: 'How many North rows?', sql: DELETE_SQL, tags: [], expect: { toolCalls: [], answerContains: [], answerNotContains: [] }, source: 'test' };
    enqueueResponder(workspace.fakeModel, evalCaseResponder([asCase], () => "SELECT COUNT(*) FROM sales WHERE region = 'North'"), 1);
    const { code, text } = await cli(['eval', '--cases', casesFolder]);

    expect(text).toMatch(/FAIL delete-north: the gold SQL was not run: the statement gate refuses it on shop/);
    expect(code).toBe(1);
    expect(await queryDuckDbFile(join(workspace.directory, 'shop.duckdb'), 'SELECT CAST(COUNT(*) AS INTEGER) AS n FROM sales')).toEqual([{ n: 3 }]);
  });
});
