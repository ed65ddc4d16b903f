// Where a worker thread's module is. Built (dist/: `npm start`, `npm run bench`) it is the compiled
// .js next to the module that starts the pool. Run from the TypeScript sources (vitest imports
// src/*.ts and there is no .js beside it), a worker thread is a fresh Node.js instance that the test
// runner does not transform, and Node.js 20 applies no ESM loader hooks inside worker threads: the
// worker then starts typescript-worker.mjs, which loads the .ts module with jiti.
import { fileURLToPath } from 'node:url';

export interface WorkerScript {
  /** Absolute path of the module piscina loads in each worker. */
  filename: string;
  /** For typescript-worker.mjs: which TypeScript module to load. */
  workerData?: { typescriptModule: string };
}

/** `callerUrl` is the starting module's `import.meta.url`; `baseName` the worker module's name without extension. */
export function workerScript(callerUrl: string, baseName: string): WorkerScript {
  if (!callerUrl.endsWith('.ts')) return { filename: fileURLToPath(new URL(`./${baseName}.js`, callerUrl)) };
  return {
    filename: fileURLToPath(new URL('./typescript-worker.mjs', import.meta.url)),
    workerData: { typescriptModule: fileURLToPath(new URL(`./${baseName}.ts`, callerUrl)) },
  };
}
