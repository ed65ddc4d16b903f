// `datathread feedback` reads what the store kept: every rating with who, when, the question, the
// comment and the SQL, as a table, CSV or JSON, filtered by --since; bad options are refused with the fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { openStore } from '../../src/store/open-store.js';
import type { AnswerFeedbackRecord } from '../../src/store/types.js';
import { captureOutput, createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';

let workspace: E2eWorkspace;

const older: AnswerFeedbackRecord = {
  threadId: 'slack:T1:C1:1764500000.000100',
  messageId: '1764500001.000200',
  actor: { platform: 'slack', userId: 'U1', displayName: 'Ana' },
  rating: 'positive',
  comment: null,
  question: 'Revenue by region?',
  sql: ['SELECT region, SUM(amount) FROM sales GROUP BY region'],
  createdAt: new Date('2026-11-28T09:00:00.000Z'),
  updatedAt: new Date('2026-11-28T09:00:00.000Z'),
};

const newer: AnswerFeedbackRecord = {
  threadId: 'teams:tenant-1:a:personal-chat',
  messageId: 'activity-7',
  actor: { platform: 'teams', userId: 'aad-2' },
  rating: 'negative',
  comment: 'Counts "refunds", twice',
  question: 'Orders last week?',
  sql: ['SELECT COUNT(*)\nFROM orders', '=SUM(1)'],
  createdAt: new Date('2026-11-30T14:30:00.000Z'),
  updatedAt: new Date('2026-11-30T14:31:00.000Z'),
};

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'feedback', duckdb: [] });
  const store = await openStore(workspace.variables.DATATHREAD_STATE!);
  await store.recordFeedback(newer);
  await store.recordFeedback(older);
  await store.close();
});

afterAll(async () => {
  await workspace.close();
});

async function run(argv: string[]): Promise<{ code: number; text: string }> {
  const captured = captureOutput();
  const code = await runCli(['feedback', ...argv], { variables: workspace.variables, output: captured.output });
  return { code, text: captured.text() };
}

describe('datathread feedback', () => {
  it('lists every rating as an aligned table, oldest change first, with a count', async () => {
    const { code, text } = await run([]);
    expect(code).toBe(0);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^updated\s+rating\s+who\s+question\s+comment\s+sql\s+thread\s+message$/);
    expect(lines[1]).toContain('2026-11-28T09:00:00.000Z  up      Ana');
    expect(lines[1]).toContain('Ana (slack U1)');
    expect(lines[1]).toContain('SELECT region, SUM(amount) FROM sales GROUP BY region');
    expect(lines[2]).toContain('2026-11-30T14:31:00.000Z  down    teams aad-2');
    expect(lines[2]).toContain('Counts "refunds", twice');
    expect(lines[2]).toContain('SELECT COUNT(*) FROM orders ; =SUM(1)');
    expect(lines[3]).toBe('2 ratings: 1 up, 1 down');
    // Columns line up: the rating column starts at the same place on every line.
    expect(new Set(lines.slice(0, 3).map((line) => line.search(/ (rating|up|down) /)))).toHaveProperty('size', 1);
  });

  it('writes CSV with quoting and formula-safe cells, and JSON with every field', async () => {
    const csv = await run(['--format', 'csv']);
    expect(csv.code).toBe(0);
    expect(csv.text.split('\r\n')).toEqual([
      'updated,rating,who,question,comment,sql,thread,message',
      '2026-11-28T09:00:00.000Z,up,Ana (slack U1),Revenue by region?,,"SELECT region, SUM(amount) FROM sales GROUP BY region",slack:T1:C1:1764500000.000100,1764500001.000200',
      `2026-11-30T14:31:00.000Z,down,teams aad-2,Orders last week?,"Counts ""refunds"", twice","SELECT COUNT(*)\nFROM orders\n;\n=SUM(1)",teams:tenant-1:a:personal-chat,activity-7`,
      '',
    ]);
    const json = await run(['--format=json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.text)).toEqual(JSON.parse(JSON.stringify([older, newer])));
  });

  it('keeps only the feedback changed since a day or a moment', async () => {
    expect(JSON.parse((await run(['--since', '2026-11-29', '--format', 'json'])).text)).toEqual(JSON.parse(JSON.stringify([newer])));
    expect(JSON.parse((await run(['--since', '2026-11-30T14:31:00.001Z', '--format', 'json'])).text)).toEqual([]);
    expect((await run(['--since', '2026-12-01'])).text).toBe('No feedback recorded.\n');
  });

  it('refuses an unknown format or a date it cannot read', async () => {
    expect((await run(['--format', 'xml'])).code).toBe(2);
    expect((await run(['--since', 'yesterday'])).code).toBe(2);
    expect((await run(['--since', '2026-13-45'])).code).toBe(2);
  });
});
