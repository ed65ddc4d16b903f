// Runs one Python program in Monty: type check, then start/resume, answering each external
// function call from TypeScript, under nao's limits. Every failure the code itself caused comes
// back as a result ("Python syntax|type|runtime error: …"), never as a throw.
import type { JsonValue } from '../databases/types.js';
import type { Monty } from './load-monty.js';
import { PythonFunctionError } from './python-function-error.js';
import { PYTHON_LIMITS, describeLimit, type PythonLimits } from './python-limits.js';
import { toJsonValue } from './to-json-value.js';

export const PYTHON_SCRIPT_NAME = 'agent.py';
export const PYTHON_MAX_PRINTED_CHARACTERS = 20_000;

export interface PythonFunction {
  /** Python signature used for type checking, e.g. `(path: str) -> str`. */
  signature: string;
  call(args: unknown[], kwargs: Record<string, unknown>): unknown;
}

export interface PythonRunRequest {
  code: string;
  inputs?: Record<string, unknown>;
  functions: Record<string, PythonFunction>;
  limits?: PythonLimits;
  signal?: AbortSignal;
}

export type PythonErrorKind = 'syntax' | 'type' | 'runtime' | 'limit';

export type PythonRunResult =
  | { status: 'ok'; output: JsonValue; printed: string }
  | { status: 'error'; kind: PythonErrorKind; message: string; printed: string };

const LABELS: Record<PythonErrorKind, string> = { syntax: 'syntax', type: 'type', runtime: 'runtime', limit: 'runtime' };

export function pythonErrorText(kind: PythonErrorKind, detail: string): string {
  return `Python ${LABELS[kind]} error: ${detail}`;
}

/**
 * Built-ins Monty runs but its type stubs do not declare: declared here so valid code is not
 * refused as a type error.
 */
const RUNTIME_BUILTINS_MISSING_FROM_STUBS = [
  'class FileNotFoundError(OSError):',
  '    pass',
  'class PermissionError(OSError):',
  '    pass',
  'class IsADirectoryError(OSError):',
  '    pass',
  'def map(function: Any, *iterables: Any) -> Any:',
  '    raise NotImplementedError()',
  'def filter(function: Any, iterable: Any) -> Any:',
  '    raise NotImplementedError()',
];

/** Stubs that tell the type checker about the external functions and the inputs. */
function typeCheckPrefix(functions: Record<string, PythonFunction>, inputNames: string[]): string {
  const lines = ['from typing import Any', ...RUNTIME_BUILTINS_MISSING_FROM_STUBS];
  for (const [name, fn] of Object.entries(functions)) lines.push(`def ${name}${fn.signature}:`, '    raise NotImplementedError()');
  for (const name of inputNames) lines.push(`${name}: Any = None`);
  return `${lines.join('\n')}\n`;
}

/** Diagnostics count lines from the start of the prefix; the model needs its own line numbers. */
function renumberDiagnostics(text: string, prefix: string): string {
  const offset = prefix.split('\n').length;
  return text
    .trim()
    .replace(new RegExp(`${PYTHON_SCRIPT_NAME.replace('.', '\\.')}:(\\d+):`, 'g'), (_match, line: string) => `${PYTHON_SCRIPT_NAME}:${Math.max(1, Number(line) - offset)}:`);
}

type Progress = ReturnType<InstanceType<Monty['Monty']>['start']>;

export async function runPython(monty: Monty, request: PythonRunRequest): Promise<PythonRunResult> {
  const limits = request.limits ?? PYTHON_LIMITS;
  const inputNames = Object.keys(request.inputs ?? {});
  let printed = '';
  const printCallback = (_stream: string, text: string) => {
    if (printed.length < PYTHON_MAX_PRINTED_CHARACTERS) printed += text;
  };
  const failed = (kind: PythonErrorKind, detail: string): PythonRunResult => ({ status: 'error', kind, message: pythonErrorText(kind, detail), printed });

  let program: InstanceType<Monty['Monty']>;
  const prefix = typeCheckPrefix(request.functions, inputNames);
  try {
    program = new monty.Monty(request.code, { scriptName: PYTHON_SCRIPT_NAME, inputs: inputNames });
  } catch (error) {
    if (error instanceof monty.MontySyntaxError) return failed('syntax', error.display('type-msg'));
    throw error;
  }
  try {
    program.typeCheck(prefix);
  } catch (error) {
    if (error instanceof monty.MontyTypingError) return failed('type', renumberDiagnostics(error.displayDiagnostics('concise'), prefix));
    throw error;
  }

  const deadline = Date.now() + limits.maxDurationSecs * 1000;
  try {
    let progress: Progress = program.start({ inputs: request.inputs, limits, printCallback });
    for (;;) {
      if (progress instanceof monty.MontyComplete) return { status: 'ok', output: toJsonValue(progress.output), printed };
      if (progress instanceof monty.MontyNameLookup) {
        progress = progress.resume();
        continue;
      }
      if (request.signal?.aborted) return failed('runtime', 'the run was cancelled.');
      if (Date.now() > deadline) return failed('limit', describeLimit('TimeoutError', limits)!);
      const snapshot = progress;
      const fn = request.functions[snapshot.functionName];
      if (!fn) {
        progress = snapshot.resume({ exception: { type: 'NameError', message: `name '${snapshot.functionName}' is not defined` } });
        continue;
      }
      try {
        const value = await fn.call(snapshot.args, snapshot.kwargs);
        progress = snapshot.resume({ returnValue: value });
      } catch (error) {
        if (!(error instanceof PythonFunctionError)) throw error;
        progress = snapshot.resume({ exception: { type: error.pythonType, message: error.message } });
      }
    }
  } catch (error) {
    if (error instanceof monty.MontyRuntimeError) {
      const { typeName, message } = error.exception;
      const limit = /limit exceeded|maximum recursion depth/.test(message) ? describeLimit(typeName, limits) : undefined;
      if (limit) return failed('limit', `${limit} (${typeName}: ${message})`);
      return failed('runtime', error.display('traceback'));
    }
    throw error;
  }
}
