// Access rules hold for the context folder: an asker who may not use the `hr` database sees neither
// its table index in the prompt nor its files through read, list, grep or search (both modes), in
// a real turn of the engine (and not through execute_python's read_file when Python loads); the
// person the rules grant `hr` sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContextFolder } from '../../src/context-files/context-folder.js';
import { loadMonty } from '../../src/python/load-monty.js';
import { closeSharedPythonPool } from '../../src/python/python-pool.js';
import type { TurnOutcome, TurnRequest } from '../../src/conversations/types.js';
import { createEngineHarness, type EngineHarness } from '../support/engine-harness.js';
import { createScriptedModel, toolResultTexts } from '../support/scripted-model.js';
import { writeWarehouseContext } from './warehouse-fixture.js';

const ACCESS_RULES = [
  { databases: ['shop'], channels: ['C1'] },
  { databases: ['hr'], users: ['U_BOSS'] },
];

const HR_TABLES = [
  { schema: 'main', name: 'salaries', description: 'Salary history per employee (confidential): base pay and bonus.', columns: [{ name: 'person', type: 'varchar' }, { name: 'salary', type: 'integer', comment: 'Yearly base pay' }] },
];
const SHOP_TABLES = [{ schema: 'main', name: 'sales', description: 'Sales per region; the amount is the order value.', columns: [{ name: 'region', type: 'varchar' }, { name: 'amount', type: 'integer', comment: 'Order value' }] }];

const TOOL_CALLS = [
  { name: 'read', input: { file_path: '/databases/hr/main/salaries.md' } },
  { name: 'read', input: { file_path: '/databases/hr/README.md' } },
  { name: 'list', input: { path: '/databases' } },
  { name: 'list', input: { path: '/databases/hr' } },
  { name: 'grep', input: { pattern: 'alar', case_insensitive: true } },
  { name: 'search', input: { query: 'salary base pay' } },
  { name: 'search', input: { pattern: '*.md' } },
  { name: 'execute_python', input: { code: 'read_file("/databases/hr/main/salaries.md")' } },
];

const python = await loadMonty();

let harness: EngineHarness;

beforeAll(async () => {
  harness = await createEngineHarness();
  await writeWarehouseContext(`${harness.directory}/context`, 'hr', HR_TABLES);
  await writeWarehouseContext(`${harness.directory}/context`, 'shop', SHOP_TABLES);
});

afterAll(async () => {
  await closeSharedPythonPool();
  await harness?.close();
});

function request(userId: string): TurnRequest {
  return {
    platform: 'slack',
    threadId: `slack:T1:C1:${userId}.1`,
    place: { channelId: 'C1', teamId: 'T1' },
    actor: { platform: 'slack', userId },
    text: 'How much do we pay people?',
    kind: 'message',
    interactive: true,
  } as TurnRequest;
}

async function runAs(userId: string): Promise<{ system: string; results: string[] }> {
  const scripted = createScriptedModel([{ toolCalls: TOOL_CALLS }, { text: 'done' }]);
  const engine = harness.createEngine({ model: scripted.model, accessRules: ACCESS_RULES, toolRuntime: { contextFolder: new ContextFolder(`${harness.directory}/context`), python } });
  const result = await engine.handle(request(userId));
  expect((result as { outcome: TurnOutcome }).outcome.status).toBe('answered');
  return { system: JSON.stringify(scripted.prompts[0]![0]), results: toolResultTexts(scripted.prompts[1]!) };
}

describe('context files under access rules', () => {
  it('hides the hr database from someone in C1: prompt index, read, list, grep and search', async () => {
    const { system, results } = await runAs('U_ANYONE');
    expect(system).toContain('- main.sales — Sales per region; the amount is the order value.');
    expect(system).not.toContain('salaries');
    // The context folder summary counts only what this asker sees.
    expect(system).toContain('- /databases/ (directory, 1 item)');
    expect(results).toEqual([
      'File not found: /databases/hr/main/salaries.md',
      'File not found: /databases/hr/README.md',
      'Directories (1):\n- /databases/shop/ (2 items)',
      'File not found: /databases/hr',
      'No matches found.',
      'No tables or documents match "salary base pay". Try other words (a synonym, a column name), or search{pattern} on file names.',
      expect.stringMatching(/^Matches \(2\):\n- \/databases\/shop\/README\.md \(\d+ B\)\n- \/databases\/shop\/main\/sales\.md \(\d+ B\)$/),
      ...(python.available ? [expect.stringMatching(/FileNotFoundError: File not found: \/databases\/hr\/main\/salaries\.md$/)] : []),
    ]);
  });

  it('shows the hr files to the person the rules grant hr', async () => {
    const { system, results } = await runAs('U_BOSS');
    expect(system).toContain('- main.salaries — Salary history per employee (confidential): base pay and bonus.');
    expect(results[0]).toContain('# main.salaries');
    expect(results[2]).toBe('Directories (2):\n- /databases/hr/ (2 items)\n- /databases/shop/ (2 items)');
    expect(results[4]).toContain('/databases/hr/main/salaries.md');
    if (python.available) expect(results[7]).toContain('# main.salaries');
    expect(results[5]).toMatch(/^Best matches for "salary base pay" \(1\):\n1\. \/databases\/hr\/main\/salaries\.md — table `main\.salaries` in hr: Salary history per employee \(confidential\): base pay and bonus\. \(matched: /);
  });
});
