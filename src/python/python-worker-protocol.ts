// The messages between the main thread and a Python worker thread during one run. The task carries
// a MessagePort; over it the worker says when the program started (the wall clock starts there, not
// while the task waited for a free worker) and asks for each external function call, which only the
// main thread can answer (it holds the context folder and the conversation's query results).
import type { MessagePort } from 'node:worker_threads';
import type { PythonLimits } from './python-limits.js';

export interface PythonWorkerTask {
  code: string;
  inputs?: Record<string, unknown>;
  /** Name → Python signature of each external function, for the type check. */
  functionSignatures: Record<string, string>;
  limits: PythonLimits;
  port: MessagePort;
}

export type WorkerToMainMessage = { type: 'started' } | { type: 'call'; callId: number; functionName: string; args: unknown[]; kwargs: Record<string, unknown> };

export type MainToWorkerMessage =
  | { type: 'return'; callId: number; value: unknown }
  /** The function refused the call: raised in Python as the named built-in exception. */
  | { type: 'raise'; callId: number; pythonType: string; message: string }
  /** The function failed for a reason the code did not cause: the run fails. */
  | { type: 'fail'; callId: number; message: string };
