// Where a worker thread's module is. Built (dist/, `npm start`, `npm run bench`) it is the compiled
// .js next to the module that starts the pool. Run from the TypeScript sources (vitest imports
// src/*.ts), there is no .js beside it: the worker loads the .ts file through tsx's Node.js loader
// hooks, because a worker thread is a fresh Node.js instance that the test runner does not transform.
import { fileURLToPath } from 'node:url';

export interface WorkerScript {
  /** Absolute path of the worker module. */
  filename: string;
  /** Node.js options for the worker thread (the TypeScript loader when running from sources). */
  execArgv: string[];
}

const TYPESCRIPT_LOADER_EXEC_ARGV = ['--import', 'tsx'];

/** `callerUrl` is the starting module's `import.meta.url`; `baseName` the worker module's name without extension. */
export function workerScript(callerUrl: string, baseName: string): WorkerScript {
  const fromSources = callerUrl.endsWith('.ts');
  const filename = fileURLToPath(new URL(`./${baseName}${fromSources ? '.ts' : '.js'}`, callerUrl));
  return { filename, execArgv: fromSources ? TYPESCRIPT_LOADER_EXEC_ARGV : [] };
}
