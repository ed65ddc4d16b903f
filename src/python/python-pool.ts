// execute_python off the event loop: every program runs on a worker thread of a piscina pool, so a
// runaway loop never delays Slack acks, other turns, or a parallel execute_python call. Each run has
// its own wall clock, started when a worker begins it: Monty stops the code at the time limit itself,
// and a worker that still has not answered PYTHON_HARD_KILL_GRACE_MS later (stuck in a native call or
// waiting on an external function) is terminated; piscina starts a fresh one. The worker's V8 heap
// is capped with resourceLimits; a worker that exceeds it dies alone and the run reports the limit.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { DatathreadError, errorMessage } from '../support/errors.js';
import { reportWorkerFailure } from '../support/worker-failures.js';
import { workerScript } from '../support/worker-script.js';
import { PythonFunctionError } from './python-function-error.js';
import { PYTHON_LIMITS, describeLimit } from './python-limits.js';
import type { MainToWorkerMessage, PythonWorkerTask, WorkerToMainMessage } from './python-worker-protocol.js';
import { pythonErrorText, type PythonErrorKind, type PythonRunRequest, type PythonRunResult } from './run-python.js';

/** How long after the time limit a worker that has not answered is terminated. */
export const PYTHON_HARD_KILL_GRACE_MS = 2_000;
/** Programs running at once; more wait for a free worker (their time budget starts when they run). */
export const PYTHON_WORKER_THREADS = 4;
/** V8 heap of one worker: the JavaScript side of a run (inputs, the converted result). */
export const PYTHON_WORKER_HEAP_LIMIT_MB = 256;
/** A program no worker has started by then fails (all workers busy, or workers failing to start). */
export const PYTHON_START_TIMEOUT_MS = 60_000;
/** An idle worker (Monty loaded) is kept this long for the next program. */
const PYTHON_WORKER_IDLE_MS = 60_000;

export class PythonWorkerError extends DatathreadError {
  override readonly name = 'PythonWorkerError';
  readonly code = 'python_worker_failed';
}

/** Runs one Python program; the pool below and, in tests, anything that answers the same way. */
export interface PythonRunner {
  run(request: PythonRunRequest): Promise<PythonRunResult>;
}

export interface PythonPoolOptions {
  maxThreads?: number;
  heapLimitMb?: number;
  hardKillGraceMs?: number;
  startTimeoutMs?: number;
  /** Told about a worker that failed outside any run (the pool replaces it). */
  onWorkerError?: (error: Error) => void;
}

const failed = (kind: PythonErrorKind, detail: string): PythonRunResult => ({ status: 'error', kind, message: pythonErrorText(kind, detail), printed: '' });

function isOutOfMemory(error: unknown): boolean {
  return (error as { code?: unknown })?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

export class PythonPool implements PythonRunner {
  private readonly pool: Piscina<PythonWorkerTask, PythonRunResult>;
  private readonly hardKillGraceMs: number;
  private readonly heapLimitMb: number;
  private readonly startTimeoutMs: number;
  /** The last failure of a worker outside any run, told to a program that could not start. */
  private lastWorkerError: Error | undefined;

  constructor(options: PythonPoolOptions = {}) {
    const script = workerScript(import.meta.url, 'python-worker');
    this.hardKillGraceMs = options.hardKillGraceMs ?? PYTHON_HARD_KILL_GRACE_MS;
    this.heapLimitMb = options.heapLimitMb ?? PYTHON_WORKER_HEAP_LIMIT_MB;
    this.startTimeoutMs = options.startTimeoutMs ?? PYTHON_START_TIMEOUT_MS;
    const maxThreads = options.maxThreads ?? PYTHON_WORKER_THREADS;
    this.pool = new Piscina({
      filename: script.filename,
      workerData: script.workerData,
      minThreads: 0,
      maxThreads,
      idleTimeout: PYTHON_WORKER_IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: this.heapLimitMb },
    });
    // An EventEmitter 'error' without a listener would end the process.
    this.pool.on('error', (error: Error) => {
      this.lastWorkerError = error;
      options.onWorkerError?.(error);
    });
  }

  /** Thread ids of the live workers (tests check that a killed worker was replaced). */
  get threadIds(): number[] {
    return this.pool.threads.map((thread) => thread.threadId);
  }

  async run(request: PythonRunRequest): Promise<PythonRunResult> {
    const limits = request.limits ?? PYTHON_LIMITS;
    if (request.signal?.aborted) return failed('runtime', 'the run was cancelled.');
    const { port1: mainPort, port2: workerPort } = new MessageChannel();
    const kill = new AbortController();
    let stoppedBy: 'time' | 'cancel' | 'not-started' | undefined;
    let functionFailure: unknown;
    let wallClock: NodeJS.Timeout | undefined;
    const cancel = () => {
      stoppedBy ??= 'cancel';
      kill.abort();
    };
    request.signal?.addEventListener('abort', cancel, { once: true });
    wallClock = setTimeout(() => {
      stoppedBy ??= 'not-started';
      kill.abort();
    }, this.startTimeoutMs);
    mainPort.on('message', (message: WorkerToMainMessage) => {
      if (message.type === 'started') {
        clearTimeout(wallClock);
        wallClock = setTimeout(() => {
          stoppedBy ??= 'time';
          kill.abort();
        }, limits.maxDurationSecs * 1000 + this.hardKillGraceMs);
        return;
      }
      void this.answer(mainPort, request, message).catch((error: unknown) => {
        functionFailure ??= error;
      });
    });
    const task: PythonWorkerTask = {
      code: request.code,
      inputs: request.inputs,
      functionSignatures: Object.fromEntries(Object.entries(request.functions).map(([name, fn]) => [name, fn.signature])),
      limits,
      port: workerPort,
    };
    try {
      return await this.pool.run(task, { transferList: [workerPort], signal: kill.signal });
    } catch (error) {
      if (stoppedBy === 'cancel') return failed('runtime', 'the run was cancelled.');
      if (stoppedBy === 'not-started') {
        const reason = this.lastWorkerError ? `; the last worker failure: ${errorMessage(this.lastWorkerError)}` : '; every worker was busy';
        throw new PythonWorkerError(`No Python worker started the program within ${this.startTimeoutMs / 1000} seconds${reason}.`, { cause: error });
      }
      if (stoppedBy === 'time') return failed('limit', `${describeLimit('TimeoutError', limits)} (the worker running it did not stop by itself and was terminated)`);
      if (isOutOfMemory(error)) {
        return failed('limit', `the code used more than the ${this.heapLimitMb} MB the Python worker may use and was stopped. Work on fewer rows (aggregate in SQL first) or return a smaller result.`);
      }
      if (functionFailure !== undefined) throw functionFailure;
      throw new PythonWorkerError(`The Python worker failed: ${errorMessage(error)}`, { cause: error });
    } finally {
      clearTimeout(wallClock);
      request.signal?.removeEventListener('abort', cancel);
      mainPort.close();
    }
  }

  /** Answers one external function call; a failure that is not a refusal fails the whole run. */
  private async answer(port: MessagePort, request: PythonRunRequest, message: Extract<WorkerToMainMessage, { type: 'call' }>): Promise<void> {
    const { callId, functionName } = message;
    const fn = request.functions[functionName];
    let reply: MainToWorkerMessage;
    try {
      if (!fn) throw new PythonFunctionError('NameError', `name '${functionName}' is not defined`);
      reply = { type: 'return', callId, value: await fn.call(message.args, message.kwargs) };
    } catch (error) {
      if (error instanceof PythonFunctionError) {
        port.postMessage({ type: 'raise', callId, pythonType: error.pythonType, message: error.message } satisfies MainToWorkerMessage);
        return;
      }
      port.postMessage({ type: 'fail', callId, message: errorMessage(error) } satisfies MainToWorkerMessage);
      throw error;
    }
    try {
      port.postMessage(reply);
    } catch (error) {
      // A value the structured clone cannot carry (a function, a class instance with private state).
      port.postMessage({ type: 'fail', callId, message: `${functionName}() returned a value that cannot be passed to Python: ${errorMessage(error)}` } satisfies MainToWorkerMessage);
      throw error;
    }
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}

let shared: PythonPool | undefined;

/** The process-wide pool execute_python runs on; idle workers do not keep the process alive. */
export function sharedPythonPool(): PythonPool {
  shared ??= new PythonPool({ onWorkerError: (error) => reportWorkerFailure('Python', error) });
  return shared;
}

export async function closeSharedPythonPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
