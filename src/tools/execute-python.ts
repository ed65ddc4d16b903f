// execute_python{code, inputs?}: Python in the Monty sandbox (no network, no file system) under
// nao's limits on a worker thread, with read_file / list_files over the context folder and query_result for results
// this conversation already fetched, so the model computes over data without re-running SQL.
import { tool } from 'ai';
import { z } from 'zod';
import type { ContextFolder } from '../context-files/context-folder.js';
import type { JsonValue } from '../databases/types.js';
import { createContextFunctions } from '../python/context-functions.js';
import type { PythonRunner } from '../python/python-pool.js';
import { PYTHON_MEMORY_LIMIT_BYTES, PYTHON_TIME_LIMIT_SECONDS, PYTHON_LIMITS, type PythonLimits } from '../python/python-limits.js';
import type { PythonErrorKind } from '../python/run-python.js';
import type { ToolContext } from './tool-context.js';

export const PYTHON_MAX_OUTPUT_CHARACTERS = 20_000;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const executePythonInputSchema = z.object({
  code: z
    .string()
    .min(1)
    .describe('Python code. The value of the last expression is returned; print() output is returned too. Standard library subset only (json, math, re, datetime…).'),
  inputs: z.record(z.string(), z.unknown()).optional().describe('Variables made available to the code by name, e.g. {"threshold": 100}.'),
});

export type ExecutePythonInput = z.infer<typeof executePythonInputSchema>;

export type ExecutePythonOutput =
  | { _version: '1'; status: 'ok'; output: JsonValue; printed: string }
  | { _version: '1'; status: 'error'; kind: PythonErrorKind | 'input'; message: string; printed: string };

export interface ExecutePythonDependencies {
  /** The worker pool the program runs on (never the event loop: see python-pool.ts). */
  runner: PythonRunner;
  folder: ContextFolder | undefined;
  limits?: PythonLimits;
}

export async function executePython(input: ExecutePythonInput, context: ToolContext, dependencies: ExecutePythonDependencies): Promise<ExecutePythonOutput> {
  const badName = Object.keys(input.inputs ?? {}).find((name) => !IDENTIFIER.test(name));
  if (badName !== undefined) {
    return { _version: '1', status: 'error', kind: 'input', message: `inputs key "${badName}" is not a Python identifier (letters, digits and _; not starting with a digit).`, printed: '' };
  }
  context.reportStatus('Running Python…');
  const result = await dependencies.runner.run({
    code: input.code,
    inputs: input.inputs,
    functions: createContextFunctions({ folder: dependencies.folder, findQueryResult: (queryId) => context.findQueryResult(queryId) }),
    limits: dependencies.limits ?? PYTHON_LIMITS,
    signal: context.signal,
  });
  return { _version: '1', ...result };
}

function cut(text: string): string {
  if (text.length <= PYTHON_MAX_OUTPUT_CHARACTERS) return text;
  return `${text.slice(0, PYTHON_MAX_OUTPUT_CHARACTERS)}\n...(${text.length - PYTHON_MAX_OUTPUT_CHARACTERS} more characters cut)`;
}

export function renderExecutePythonOutput(output: ExecutePythonOutput): string {
  const printedBlock = output.printed ? ['', output.status === 'ok' ? 'Printed:' : 'Printed before the error:', '```', cut(output.printed.replace(/\n$/, '')), '```'] : [];
  if (output.status === 'error') return [output.message, ...printedBlock].join('\n');
  const value = output.output === null ? 'None' : cut(typeof output.output === 'string' ? output.output : JSON.stringify(output.output, null, 2));
  return ['Result:', '```', value, '```', ...printedBlock].join('\n');
}

export function createExecutePythonTool(context: ToolContext, dependencies: ExecutePythonDependencies) {
  return tool({
    description: [
      'Run Python in a sandbox (no network, no imports beyond a small standard library) to compute over data you already have.',
      'Functions available in the code: query_result(query_id) -> list of dicts (a result from execute_sql, by its query_id),',
      'read_file(path) -> str and list_files() -> list[str] (the project context folder, `/` is its top).',
      `Limits: ${PYTHON_TIME_LIMIT_SECONDS} s, ${PYTHON_MEMORY_LIMIT_BYTES / (1024 * 1024)} MB. The last expression is the result.`,
    ].join(' '),
    inputSchema: executePythonInputSchema,
    execute: (input) => executePython(input, context, dependencies),
    toModelOutput: ({ output }) => ({ type: 'text', value: renderExecutePythonOutput(output) }),
  });
}
