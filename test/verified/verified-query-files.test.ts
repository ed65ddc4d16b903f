// verified/*.yaml: one query or a list under `queries:`; a file with a problem is reported with its
// path and the line of the problem and skipped, while the other files still load. Also the SQL
// normalisation that decides whether an answer ran a verified query, and the export formats.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifiedQueriesAsEvalCases, verifiedQueriesAsYaml } from '../../src/verified/verified-query-export.js';
import { parseVerifiedQueryFile, readVerifiedQueryFiles } from '../../src/verified/verified-query-files.js';
import { normalizeSql } from '../../src/verified/verified-query.js';

const directory = await mkdtemp(join(tmpdir(), 'datathread-verified-files-'));
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const SINGLE = `question: What was total revenue in 2025?
paraphrases:
  - Revenue for 2025
sql: SELECT SUM(amount) FROM orders WHERE order_date >= '2025-01-01'
database: warehouse
verified_by: Ana
verified_at: 2026-11-02
`;

describe('verified query files', () => {
  it('reads one query per file, and a list under queries:', () => {
    expect(parseVerifiedQueryFile('verified/revenue.yaml', SINGLE)).toEqual({
      problems: [],
      queries: [
        {
          id: 'file:verified/revenue.yaml#1',
          question: 'What was total revenue in 2025?',
          paraphrases: ['Revenue for 2025'],
          sql: "SELECT SUM(amount) FROM orders WHERE order_date >= '2025-01-01'",
          database: 'warehouse',
          verifiedBy: 'Ana',
          verifiedAt: '2026-11-02',
          source: 'file',
        },
      ],
    });
    const list = parseVerifiedQueryFile('verified/list.yaml', 'queries:\n  - question: A?\n    sql: SELECT 1\n  - question: B?\n    sql: |\n      SELECT 2\n      FROM t\n');
    expect(list.problems).toEqual([]);
    expect(list.queries.map((query) => [query.id, query.question, query.sql, query.verifiedBy, query.database])).toEqual([
      ['file:verified/list.yaml#1', 'A?', 'SELECT 1', '', undefined],
      ['file:verified/list.yaml#2', 'B?', 'SELECT 2\nFROM t', '', undefined],
    ]);
  });

  it('names the line of each problem', () => {
    expect(parseVerifiedQueryFile('verified/a.yaml', 'queries:\n  - question: A?\n    sql: SELECT 1\n  - question: B?\n    sqll: SELECT 2\n').problems).toEqual([
      { path: 'verified/a.yaml', line: 4, message: 'queries.1.sql: missing (required)' },
      { path: 'verified/a.yaml', line: 4, message: 'queries.1: unknown key "sqll" (allowed: question, paraphrases, sql, database, verified_by, verified_at)' },
    ]);
    expect(parseVerifiedQueryFile('verified/b.yaml', 'question: A?\nsql: SELECT 1\nverified_at: 2 Nov 2026\n').problems).toEqual([
      { path: 'verified/b.yaml', line: 3, message: 'verified_at: write the date as YYYY-MM-DD' },
    ]);
    expect(parseVerifiedQueryFile('verified/c.yaml', 'question: A?\nparaphrases: [one, two\nsql: SELECT 1\n').problems).toMatchObject([{ path: 'verified/c.yaml', line: 3 }]);
    expect(parseVerifiedQueryFile('verified/d.yaml', 'question: A?\nsql: SELECT 1\nparaphrases: not a list\n').problems).toMatchObject([{ path: 'verified/d.yaml', line: 3, message: expect.stringContaining('paraphrases: ') }]);
  });

  it('skips a malformed file and still loads the others, in name order', async () => {
    await mkdir(join(directory, 'verified'), { recursive: true });
    await writeFile(join(directory, 'verified', 'b-revenue.yaml'), SINGLE);
    await writeFile(join(directory, 'verified', 'a-broken.yml'), 'question: [unclosed\n');
    await writeFile(join(directory, 'verified', 'notes.md'), 'not a query file');
    const read = await readVerifiedQueryFiles(directory);
    expect(read.queries.map((query) => query.id)).toEqual(['file:verified/b-revenue.yaml#1']);
    expect(read.problems).toMatchObject([{ path: 'verified/a-broken.yml', line: 2 }]);
    expect(await readVerifiedQueryFiles(join(directory, 'no-such-folder'))).toEqual({ queries: [], problems: [] });
  });

  it('normalises SQL: case, spacing, comments and a final semicolon do not count; literals do', () => {
    expect(normalizeSql("select region , sum(amount)\n  FROM sales -- by region\n WHERE x = 'A b';")).toBe(normalizeSql("SELECT region, SUM(amount) FROM sales /* c */ WHERE x='A b'"));
    expect(normalizeSql("SELECT 1 FROM t WHERE x = 'A b'")).not.toBe(normalizeSql("SELECT 1 FROM t WHERE x = 'a b'"));
    expect(normalizeSql('SELECT a FROM t')).not.toBe(normalizeSql('SELECT b FROM t'));
  });

  it('exports in the file format (read back unchanged) and as eval cases with the verified SQL as gold', () => {
    const queries = parseVerifiedQueryFile('verified/revenue.yaml', SINGLE).queries;
    const twice = [...queries, { ...queries[0]!, id: 'verified_x', database: undefined, paraphrases: [], source: 'chat' as const }];
    const yaml = verifiedQueriesAsYaml(twice);
    const back = parseVerifiedQueryFile('verified/export.yaml', yaml);
    expect(back.problems).toEqual([]);
    expect(back.queries.map(({ id: _id, source: _source, ...rest }) => rest)).toEqual(twice.map(({ id: _id, source: _source, database, ...rest }) => ({ ...rest, ...(database ? { database } : {}) })));
    expect(verifiedQueriesAsEvalCases(twice)).toEqual([
      { name: 'verified-what-was-total-revenue-in-2025', question: 'What was total revenue in 2025?', database: 'warehouse', sql: queries[0]!.sql, tags: ['verified'] },
      { name: 'verified-what-was-total-revenue-in-2025-2', question: 'What was total revenue in 2025?', sql: queries[0]!.sql, tags: ['verified'] },
    ]);
  });
});
