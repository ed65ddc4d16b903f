// End to end in the terminal: a verified/*.yaml file in the context folder reaches the model as a
// trusted example for a close question (and not for an unrelated one), an answer that runs the
// verified SQL (written differently) shows the badge, `datathread check` names a malformed file
// with its line, and `datathread verified list|export|remove` work on files and chat-verified ones.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { parseVerifiedQueryFile } from '../../src/verified/verified-query-files.js';
import { normalizeSql } from '../../src/verified/verified-query.js';
import { openStore } from '../../src/store/open-store.js';
import { captureOutput, createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../support/e2e-workspace.js';

let workspace: E2eWorkspace;

const VERIFIED_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';
const VERIFIED_FILE = `queries:
  - question: What are total sales by region?
    paraphrases: [Sales per region]
    sql: ${VERIFIED_SQL}
    database: shop
    verified_by: Ana
    verified_at: 2026-11-02
`;

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'verified',
    config: { databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }], agent: { model: SCRIPTED_MODEL }, context: { path: 'context' }, verification: { verifiers: ['UANA'] } },
    duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100), ('North', 200), ('South', 50)"],
  });
  await mkdir(join(workspace.directory, 'context', 'verified'), { recursive: true });
  await writeFile(join(workspace.directory, 'context', 'verified', 'sales.yaml'), VERIFIED_FILE);
});

afterAll(async () => {
  await workspace.close();
});

async function cli(argv: string[]): Promise<{ code: number; text: string }> {
  const captured = captureOutput();
  const code = await runCli(argv, { variables: workspace.variables, output: captured.output });
  return { code, text: captured.text() };
}

function systemPromptOf(index: number): string {
  return String(workspace.fakeModel.requests[index]!.messages[0]!.content);
}

describe('verified queries in the terminal', () => {
  it('gives the close verified query to the model and badges the answer that ran it', async () => {
    const before = workspace.fakeModel.requests.length;
    workspace.fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'select region, sum(amount) as total\nfrom sales group by region order by region;' } }] }, { text: 'North 300, South 50.' });
    const { code, text } = await cli(['ask', 'Total sales for each region?']);
    expect(code).toBe(0);
    expect(systemPromptOf(before)).toContain(`## Verified queries (trusted examples)`);
    expect(systemPromptOf(before)).toContain(`Question: What are total sales by region?\nDatabase: shop\n\`\`\`sql\n${VERIFIED_SQL}\n\`\`\``);
    expect(text).toContain('North 300, South 50.\n✓ Verified query, by Ana, 2026-11-02');
  });

  it('gives no example for an unrelated question, and no badge for other SQL', async () => {
    const before = workspace.fakeModel.requests.length;
    workspace.fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT COUNT(*) AS n FROM sales' } }] }, { text: 'There are 3 rows.' });
    const { code, text } = await cli(['ask', 'How many rows does the table have?']);
    expect(code).toBe(0);
    expect(systemPromptOf(before)).not.toContain('Verified queries');
    expect(text).not.toContain('Verified query');
  });

  it('datathread check names a malformed file with its path and line, and fails', async () => {
    await writeFile(join(workspace.directory, 'context', 'verified', 'broken.yaml'), 'question: Orders?\nsql: SELECT 1\nverified_on: 2026-11-02\n');
    try {
      workspace.fakeModel.enqueue({ text: 'OK' });
      const { code, text } = await cli(['check']);
      expect(text).toContain('Verified queries: 1 problem(s); those files are skipped:\n  verified/broken.yaml:1: unknown key "verified_on"');
      expect(code).toBe(1);
      // The good file is still used.
      expect((await cli(['verified', 'list'])).text).toContain('file:verified/sales.yaml#1  [shop]  What are total sales by region?  (verified by Ana, 2026-11-02)');
    } finally {
      await writeFile(join(workspace.directory, 'context', 'verified', 'broken.yaml'), VERIFIED_FILE.replace('What are total sales by region?', 'Sales by region again?'));
    }
  });

  it('datathread verified list, export and remove', async () => {
    const store = await openStore(workspace.variables.DATATHREAD_STATE!);
    try {
      await store.migrate();
      const sql = 'SELECT COUNT(*) FROM sales';
      await store.verifiedQueries.saveVerifiedQuery({ id: 'verified_chat1', question: 'How many sales?', paraphrases: [], sql, databaseName: 'shop', verifiedBy: { platform: 'slack', userId: 'UANA', displayName: 'Ana' }, verifiedAt: new Date('2026-11-03T09:00:00Z'), threadId: 'slack:T1:C1:1.1' }, normalizeSql(sql));
    } finally {
      await store.close();
    }
    const listed = await cli(['verified', 'list', '--format', 'json']);
    expect((JSON.parse(listed.text) as Array<{ id: string }>).map((query) => query.id)).toEqual(['file:verified/broken.yaml#1', 'file:verified/sales.yaml#1', 'verified_chat1']);

    const out = join(workspace.directory, 'export.yaml');
    expect((await cli(['verified', 'export', '--out', out])).text).toBe(`1 query verified in chat written to ${out}\n`);
    const exported = parseVerifiedQueryFile('verified/export.yaml', await readFile(out, 'utf8'));
    expect(exported.problems).toEqual([]);
    expect(exported.queries).toHaveLength(1);
    expect(exported.queries.at(-1)).toMatchObject({ question: 'How many sales?', sql: 'SELECT COUNT(*) FROM sales', database: 'shop', verifiedBy: 'Ana', verifiedAt: '2026-11-03' });

    expect(await cli(['verified', 'remove', 'file:verified/sales.yaml#1'])).toEqual({ code: 1, text: 'file:verified/sales.yaml#1 comes from a file in the context folder: remove it from verified/sales.yaml instead.\n' });
    expect(await cli(['verified', 'remove', 'verified_chat1'])).toEqual({ code: 0, text: 'Removed verified query verified_chat1.\n' });
    expect((await cli(['verified', 'remove', 'verified_chat1'])).code).toBe(1);
    expect((await cli(['verified', 'list'])).text).not.toContain('verified_chat1');
  });
});
