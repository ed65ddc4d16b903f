// Loads the Monty interpreter (@pydantic/monty), a native binding that does not exist for every
// platform. Loaded once, lazily; when it cannot load, execute_python is not offered and
// `datathread check` prints the reason (as nao does).
import type * as MontyModule from '@pydantic/monty';

export type Monty = typeof MontyModule;

export type PythonAvailability = { available: true; monty: Monty } | { available: false; reason: string };

export type MontyImporter = () => Promise<Monty>;

const importMonty: MontyImporter = () => import('@pydantic/monty');

let cached: Promise<PythonAvailability> | undefined;

async function tryLoad(importer: MontyImporter): Promise<PythonAvailability> {
  try {
    const monty = await importer();
    // The JavaScript wrapper can load while the native part is unusable: run one expression.
    const probe = new monty.Monty('1 + 1').run();
    if (probe !== 2) return { available: false, reason: `the Monty interpreter answered ${String(probe)} to 1 + 1` };
    return { available: true, monty };
  } catch (error) {
    const detail = (error as Error).message?.split('\n')[0] ?? String(error);
    return {
      available: false,
      reason: `the @pydantic/monty native binding could not be loaded on ${process.platform}-${process.arch} (${detail})`,
    };
  }
}

/** The process-wide answer; pass an importer only in tests (it bypasses the cache). */
export function loadMonty(importer?: MontyImporter): Promise<PythonAvailability> {
  if (importer) return tryLoad(importer);
  cached ??= tryLoad(importMonty);
  return cached;
}
