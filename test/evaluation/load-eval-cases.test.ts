// Case files: one case or many under `cases:`, a folder read recursively, and problems that name
// the file, the case and the field.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EvalCaseError } from '../../src/evaluation/eval-case-error.js';
import { loadEvalCases } from '../../src/evaluation/load-eval-cases.js';

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-eval-cases-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function problemsOf(path: string): Promise<string[]> {
  try {
    await loadEvalCases(path);
  } catch (error) {
    if (error instanceof EvalCaseError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadEvalCases', () => {
  it('reads a case list and a single-case file from a folder and its subfolders, in path order', async () => {
    const folder = join(directory, 'ok');
    await mkdir(join(folder, 'nested'), { recursive: true });
    await writeFile(
      join(folder, 'a.yaml'),
      [
        'cases:',
        '  - name: revenue-2025',
        '    question: "What was total revenue in 2025?"',
        '    database: warehouse',
        "    sql: \"SELECT sum(amount) FROM orders WHERE order_date >= '2025-01-01'\"",
        '    tags: [aggregation, date]',
        '    as: ana@example.com',
        '    expect:',
        '      tool_calls: [{tool: execute_sql, min_count: 1}, {tool: display_chart, max_count: 0}]',
        '      clarification: false',
        '      answer_contains: ["2025"]',
        '      answer_not_contains: ["I don\'t know"]',
      ].join('\n'),
    );
    await writeFile(join(folder, 'nested', 'b.yml'), 'name: vague\nquestion: How are we doing?\nexpect:\n  clarification: true\n');
    await writeFile(join(folder, 'notes.txt'), 'not a case file');

    const cases = await loadEvalCases(folder);
    expect(cases.map((evalCase) => evalCase.name)).toEqual(['revenue-2025', 'vague']);
    expect(cases[0]).toMatchObject({
      database: 'warehouse',
      tags: ['aggregation', 'date'],
      as: 'ana@example.com',
      expect: {
        toolCalls: [
          { tool: 'execute_sql', minCount: 1, maxCount: undefined },
          { tool: 'display_chart', minCount: undefined, maxCount: 0 },
        ],
        clarification: false,
        answerContains: ['2025'],
        answerNotContains: ["I don't know"],
      },
    });
    expect(cases[1]).toMatchObject({ tags: [], expect: { clarification: true, toolCalls: [], answerContains: [] } });
  });

  it('collects every problem of every file, each with its file, case and field', async () => {
    const folder = join(directory, 'broken');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'a.yaml'), 'cases:\n  - name: one\n    question: Q?\n  - question: Nameless?\n  - name: three\n    question: Q3?\n    expect: { clarify: true }\n');
    await writeFile(join(folder, 'b.yaml'), 'cases:\n  - name: one\n    question: Again?\n  - [not, a, case]\n');
    await writeFile(join(folder, 'c.yaml'), 'cases: [\n');

    const problems = await problemsOf(folder);
    expect(problems).toHaveLength(5);
    expect(problems[0]).toMatch(/a\.yaml: case #2: name: Invalid input: expected string, received undefined$/);
    expect(problems[1]).toMatch(/a\.yaml: case "three": expect: Unrecognized key: "clarify"$/);
    expect(problems[2]).toMatch(/b\.yaml: case #2: \(case\): Invalid input: expected object, received array$/);
    expect(problems[3]).toMatch(/c\.yaml: not valid YAML/);
    expect(problems[4]).toMatch(/b\.yaml: case "one": name: already used in .*a\.yaml$/);
  });

  it('says so when a folder holds no case file or a path does not exist', async () => {
    const empty = join(directory, 'empty');
    await mkdir(empty, { recursive: true });
    expect(await problemsOf(empty)).toEqual([`${empty}: no *.yaml case files in this folder`]);
    expect((await problemsOf(join(directory, 'missing.yaml')))[0]).toMatch(/missing\.yaml: cannot be read \(ENOENT/);
  });
});
