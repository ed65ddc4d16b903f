// Context files obey the access rules wherever they lie: a verified-query file of
// the hr database (`verified/hr.yaml`), a hand-written note whose front matter says `database: hr`
// and a symbolic link to either, elsewhere in the folder, are hidden from a person who may not use
// hr through read, list, grep, search (both modes) and Python's read_file()/list_files(), in a real
// turn of the engine; the person the rules grant hr sees them; files of shop or of no database are
// seen by both.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesNamedInText } from '../../src/context-files/context-file-databases.js';
import { ContextFolder } from '../../src/context-files/context-folder.js';
import type { TurnOutcome, TurnRequest } from '../../src/conversations/types.js';
import { loadMonty } from '../../src/python/load-monty.js';
import { closeSharedPythonPool } from '../../src/python/python-pool.js';
import { createEngineHarness, type EngineHarness } from '../support/engine-harness.js';
import { createScriptedModel, toolResultTexts } from '../support/scripted-model.js';

const ACCESS_RULES = [
  { databases: ['shop'], channels: ['C1'] },
  { databases: ['hr'], users: ['U_BOSS'] },
];

const HR_VERIFIED = `queries:
  - question: What is the median salary per grade?
    sql: SELECT grade, MEDIAN(salary) FROM salaries WHERE grade <> 'EXEC-SECRET' GROUP BY grade
    database: hr
`;
const HR_NOTE = '---\ntitle: Pay bands\ndatabase: hr\n---\n# Pay bands\n\nSalary bands: EXEC-SECRET starts at 400k.\n';
const SHOP_NOTE = '---\ndatabase: shop\n---\n# Regions\n\nSales regions are North and South; salary is not tracked here.\n';
const ANY_VERIFIED = 'question: Which tables exist?\nsql: SELECT table_name FROM information_schema.tables\n';

const TOOL_CALLS = [
  { name: 'read', input: { file_path: '/verified/hr.yaml' } },
  { name: 'read', input: { file_path: '/notes/pay-bands.md' } },
  { name: 'read', input: { file_path: '/elsewhere/copy.yaml' } },
  { name: 'list', input: { path: '/verified' } },
  { name: 'list', input: { path: '/notes' } },
  { name: 'grep', input: { pattern: 'EXEC-SECRET' } },
  { name: 'search', input: { query: 'median salary grade pay bands' } },
  { name: 'search', input: { pattern: '*' } },
  { name: 'execute_python', input: { code: 'read_file("/verified/hr.yaml")' } },
  { name: 'execute_python', input: { code: 'list_files()' } },
];

const python = await loadMonty();
let harness: EngineHarness;

beforeAll(async () => {
  harness = await createEngineHarness();
  const context = join(harness.directory, 'context');
  await mkdir(join(context, 'verified'), { recursive: true });
  await mkdir(join(context, 'notes'), { recursive: true });
  await mkdir(join(context, 'elsewhere'), { recursive: true });
  await writeFile(join(context, 'verified', 'hr.yaml'), HR_VERIFIED);
  await writeFile(join(context, 'verified', 'any.yaml'), ANY_VERIFIED);
  await writeFile(join(context, 'notes', 'pay-bands.md'), HR_NOTE);
  await writeFile(join(context, 'notes', 'regions.md'), SHOP_NOTE);
  await symlink(join(context, 'verified', 'hr.yaml'), join(context, 'elsewhere', 'copy.yaml'));
  // A link whose own name is not YAML: what it names is read from its target.
  await symlink(join(context, 'verified', 'hr.yaml'), join(context, 'elsewhere', 'plain.txt'));
});

afterAll(async () => {
  await closeSharedPythonPool();
  await harness?.close();
});

function request(userId: string): TurnRequest {
  return {
    platform: 'slack',
    threadId: `slack:T1:C1:${userId}.7`,
    place: { channelId: 'C1', teamId: 'T1' },
    actor: { platform: 'slack', userId },
    text: 'What are the pay bands?',
    kind: 'message',
    interactive: true,
  } as TurnRequest;
}

async function runAs(userId: string): Promise<{ system: string; results: string[] }> {
  const scripted = createScriptedModel([{ toolCalls: TOOL_CALLS }, { text: 'done' }]);
  const engine = harness.createEngine({ model: scripted.model, accessRules: ACCESS_RULES, toolRuntime: { contextFolder: new ContextFolder(join(harness.directory, 'context')), python } });
  const result = await engine.handle(request(userId));
  expect((result as { outcome: TurnOutcome }).outcome.status).toBe('answered');
  return { system: JSON.stringify(scripted.prompts[0]![0]), results: toolResultTexts(scripted.prompts[1]!) };
}

describe('context files naming a database', () => {
  it('reads the databases a file names: verified entries, front matter, lists; none for plain files', () => {
    expect(databasesNamedInText('verified/hr.yaml', HR_VERIFIED)).toEqual(['hr']);
    expect(databasesNamedInText('verified/x.yaml', JSON.stringify({ question: 'q', sql: 'SELECT 1', database: 'pg' }))).toEqual(['pg']);
    expect(databasesNamedInText('notes/pay-bands.md', HR_NOTE)).toEqual(['hr']);
    expect(databasesNamedInText('notes/two.md', '---\ndatabases: [hr, shop]\n---\ntext')).toEqual(['hr', 'shop']);
    expect(databasesNamedInText('notes/plain.md', '# Notes\ndatabase: hr is only mentioned here\n')).toEqual([]);
    // A file that does not parse still names what its `database:` lines say, so it is not shown by mistake.
    expect(databasesNamedInText('verified/broken.yaml', 'queries:\n  - question: [unclosed\n    database: hr\n')).toEqual(['hr']);
    expect(databasesNamedInText('verified/any.yaml', ANY_VERIFIED)).toEqual([]);
  });

  it('hides hr files from someone who may not use hr: read, list, grep, search, Python', async () => {
    const { system, results } = await runAs('U_ANYONE');
    expect(system).not.toContain('EXEC-SECRET');
    expect(results.slice(0, 8)).toEqual([
      'File not found: /verified/hr.yaml',
      'File not found: /notes/pay-bands.md',
      'File not found: /elsewhere/copy.yaml',
      expect.stringMatching(/^Files \(1\):\n- \/verified\/any\.yaml \(\d+ B\)$/),
      expect.stringMatching(/^Files \(1\):\n- \/notes\/regions\.md \(\d+ B\)$/),
      'No matches found.',
      'Best matches for "median salary grade pay bands" (1):\n1. /notes/regions.md — "Regions" (matched: salary in text)\nRead a file with read{file_path} for its columns and notes.',
      expect.stringMatching(/^Matches \(2\):\n- \/notes\/regions\.md \(\d+ B\)\n- \/verified\/any\.yaml \(\d+ B\)$/),
    ]);
    if (python.available) {
      expect(results[8]).toMatch(/FileNotFoundError: File not found: \/verified\/hr\.yaml$/);
      expect(results[9]).toBe('Result:\n```\n[\n  "/notes/regions.md",\n  "/verified/any.yaml"\n]\n```');
    }
  });

  it('shows them to the person the rules grant hr', async () => {
    const { results } = await runAs('U_BOSS');
    expect(results[0]).toContain('EXEC-SECRET');
    expect(results[1]).toContain('EXEC-SECRET');
    expect(results[2]).toContain('EXEC-SECRET');
    expect(results[3]).toMatch(/^Files \(2\):\n- \/verified\/any\.yaml \(\d+ B\)\n- \/verified\/hr\.yaml/);
    expect(results[4]).toContain('/notes/pay-bands.md');
    expect(results[5]).toContain('/verified/hr.yaml');
    expect(results[5]).toContain('/notes/pay-bands.md');
    expect(results[6]).toMatch(/hr\.yaml|pay-bands/);
    expect(results[7]).toContain('/verified/hr.yaml');
    if (python.available) {
      expect(results[8]).toContain('EXEC-SECRET');
      expect(results[9]).toContain('/verified/hr.yaml');
      expect(results[9]).toContain('/elsewhere/copy.yaml');
    }
  });
});
