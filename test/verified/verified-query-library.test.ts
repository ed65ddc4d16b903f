// What one turn sees of the verified queries: only those on databases the asker may use (or naming
// none), files and chat-verified ones together; the badge only for a query that ran without error
// on the verified database; and the prompt section bounded to three examples with long SQL cut.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeVerifiedExamples, MAX_EXAMPLE_SQL_CHARACTERS } from '../../src/verified/verified-examples-prompt.js';
import type { QueryRun } from '../../src/store/turn-artifacts.js';
import { VerifiedQueryLibrary } from '../../src/verified/verified-query-library.js';
import type { StoredVerifiedQuery } from '../../src/store/verified-query-store.js';

const directory = await mkdtemp(join(tmpdir(), 'datathread-verified-library-'));
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const chatVerified: StoredVerifiedQuery = {
  id: 'verified_hr',
  question: 'How many employees are in each department?',
  paraphrases: [],
  sql: 'SELECT department, COUNT(*) FROM employees GROUP BY department',
  databaseName: 'hr',
  verifiedBy: { platform: 'teams', userId: 'aad-1', displayName: 'Grace' },
  verifiedAt: new Date('2026-11-03T12:00:00Z'),
  threadId: 'teams:t:c',
};

function run(sql: string, databaseName: string, overrides: Partial<QueryRun> = {}): QueryRun {
  return { queryId: 'query_1', databaseName, sql, rowCount: 1, durationMs: 1, refused: false, error: null, ...overrides };
}

async function library(): Promise<VerifiedQueryLibrary> {
  await mkdir(join(directory, 'verified'), { recursive: true });
  await writeFile(join(directory, 'verified', 'sales.yaml'), 'question: What are total sales by region?\nsql: SELECT region, SUM(amount) FROM sales GROUP BY region\ndatabase: shop\nverified_by: Ana\nverified_at: 2026-11-02\n');
  await writeFile(join(directory, 'verified', 'any.yaml'), 'question: Which tables exist?\nsql: SELECT table_name FROM information_schema.tables\n');
  return new VerifiedQueryLibrary({ store: { listVerifiedQueries: async () => [chatVerified] }, contextRoot: directory, logger: { warn: () => undefined }, databases: [] });
}

describe('verified queries for one turn', () => {
  it('keeps out queries on databases the asker may not use', async () => {
    const turn = await (await library()).forTurn(['shop']);
    expect(turn.examplesFor('employees in each department').map((query) => query.id)).toEqual([]);
    expect(turn.examplesFor('total sales per region').map((query) => query.id)).toEqual(['file:verified/sales.yaml#1']);
    expect(turn.examplesFor('which tables exist here').map((query) => query.id)).toEqual(['file:verified/any.yaml#1']);
    const hr = await (await library()).forTurn(['hr']);
    expect(hr.examplesFor('employees in each department').map((query) => query.id)).toEqual(['verified_hr']);
  });

  it('badges only a query that ran without error, on the verified database', async () => {
    const turn = await (await library()).forTurn(['shop', 'replica']);
    const sql = 'select region, sum(amount) from sales group by region;';
    expect(turn.badgeFor([run(sql, 'shop')])).toEqual({ verifiedBy: 'Ana', verifiedAt: '2026-11-02', sql: 'SELECT region, SUM(amount) FROM sales GROUP BY region' });
    expect(turn.badgeFor([run(sql, 'replica')])).toBeUndefined();
    expect(turn.badgeFor([run(sql, 'shop', { error: 'timeout' })])).toBeUndefined();
    expect(turn.badgeFor([run(sql, 'shop', { refused: true })])).toBeUndefined();
    expect(turn.badgeFor([run('SELECT 1', 'shop')])).toBeUndefined();
    // A query verified without a database counts on any.
    expect(turn.badgeFor([run('SELECT table_name FROM information_schema.tables', 'replica')])).toMatchObject({ verifiedBy: '', verifiedAt: '' });
  });

  it('trusts, offers and badges only what the statement gate lets run: a verified DELETE is none of these', async () => {
    const folder = join(directory, 'gated');
    await mkdir(join(folder, 'verified'), { recursive: true });
    await writeFile(
      join(folder, 'verified', 'mixed.yaml'),
      'queries:\n  - question: Remove the cancelled orders\n    sql: DELETE FROM orders WHERE status = \'cancelled\'\n    database: shop\n  - question: Drop every cancelled order row\n    sql: DROP TABLE orders\n  - question: How many cancelled orders are there?\n    sql: SELECT COUNT(*) FROM orders WHERE status = \'cancelled\'\n    database: shop\n',
    );
    const gated = new VerifiedQueryLibrary({
      store: { listVerifiedQueries: async () => [{ ...chatVerified, id: 'verified_truncate', question: 'Empty the orders table', sql: 'TRUNCATE orders', databaseName: 'shop' }] },
      contextRoot: folder,
      logger: { warn: () => undefined },
      databases: [{ name: 'shop', dialect: 'duckdb', allowsFileAccess: false }],
    });
    const turn = await gated.forTurn(['shop']);
    const offered = ['remove the cancelled orders', 'drop every cancelled order row', 'empty the orders table', 'how many cancelled orders are there'].flatMap((question) => turn.examplesFor(question).map((query) => query.id));
    expect(new Set(offered)).toEqual(new Set(['file:verified/mixed.yaml#3']));
    expect(turn.badgeFor([run("DELETE FROM orders WHERE status = 'cancelled'", 'shop')])).toBeUndefined();
    expect(turn.badgeFor([run("SELECT COUNT(*) FROM orders WHERE status = 'cancelled'", 'shop')])).toBeDefined();
    const { refused } = await gated.gated();
    expect(refused.map((refusal) => [refusal.query.id, refusal.databaseName])).toEqual([
      ['file:verified/mixed.yaml#1', 'shop'],
      ['file:verified/mixed.yaml#2', 'shop'],
      ['verified_truncate', 'shop'],
    ]);
  });

  it('bounds the prompt section: three examples, each SQL cut', () => {
    const long = `SELECT ${'x, '.repeat(1_500)}1`;
    const text = describeVerifiedExamples([1, 2, 3, 4].map((index) => ({ question: `Question ${index}?`, sql: long, database: 'shop' })));
    expect(text.match(/^Question: /gm)).toHaveLength(3);
    expect(text).not.toContain('Question 4?');
    expect(text).toContain(`${long.slice(0, MAX_EXAMPLE_SQL_CHARACTERS)}\n-- (cut)`);
  });
});
