// The module a Python worker thread runs (see python-pool.ts): loads Monty once per thread and runs
// one program per task with runPython, forwarding each external function call to the main thread
// over the task's port. A runaway program only ever blocks this thread.
import type { MessagePort } from 'node:worker_threads';
import { loadMonty } from './load-monty.js';
import { PythonFunctionError } from './python-function-error.js';
import type { MainToWorkerMessage, PythonWorkerTask, WorkerToMainMessage } from './python-worker-protocol.js';
import { runPython, type PythonFunction, type PythonRunResult } from './run-python.js';

class MainThreadFunctionError extends Error {
  override readonly name = 'MainThreadFunctionError';
}

function remoteFunctions(port: MessagePort, signatures: Record<string, string>): Record<string, PythonFunction> {
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextCallId = 1;
  port.on('message', (message: MainToWorkerMessage) => {
    const waiting = pending.get(message.callId);
    if (!waiting) return;
    pending.delete(message.callId);
    if (message.type === 'return') waiting.resolve(message.value);
    else if (message.type === 'raise') waiting.reject(new PythonFunctionError(message.pythonType, message.message));
    else waiting.reject(new MainThreadFunctionError(message.message));
  });
  const functions: Record<string, PythonFunction> = {};
  for (const [functionName, signature] of Object.entries(signatures)) {
    functions[functionName] = {
      signature,
      call: (args, kwargs) =>
        new Promise((resolve, reject) => {
          const callId = nextCallId++;
          pending.set(callId, { resolve, reject });
          port.postMessage({ type: 'call', callId, functionName, args, kwargs } satisfies WorkerToMainMessage);
        }),
    };
  }
  return functions;
}

export default async function runPythonInWorker(task: PythonWorkerTask): Promise<PythonRunResult> {
  const { port } = task;
  try {
    const python = await loadMonty();
    if (!python.available) throw new Error(python.reason);
    port.postMessage({ type: 'started' } satisfies WorkerToMainMessage);
    return await runPython(python.monty, {
      code: task.code,
      inputs: task.inputs,
      functions: remoteFunctions(port, task.functionSignatures),
      limits: task.limits,
    });
  } finally {
    port.close();
  }
}
