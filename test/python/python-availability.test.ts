// When the Monty native binding cannot load, execute_python is not offered and check says why.
import { describe, expect, it } from 'vitest';
import { describeToolRuntime } from '../../src/cli/describe-tool-runtime.js';
import { loadMonty } from '../../src/python/load-monty.js';
import { listOfferedToolNames, selectToolNames } from '../../src/tools/tool-registry.js';

const failingImporter = () => Promise.reject(new Error("Cannot find module '@pydantic/monty-linux-arm64-gnu'"));

describe('Python availability', () => {
  it('loads the real binding here', async () => {
    const availability = await loadMonty();
    expect(availability.available).toBe(true);
  });

  it('explains a binding that cannot load', async () => {
    const availability = await loadMonty(failingImporter);
    expect(availability).toEqual({
      available: false,
      reason: `the @pydantic/monty native binding could not be loaded on ${process.platform}-${process.arch} (Cannot find module '@pydantic/monty-linux-arm64-gnu')`,
    });
  });

  it('offers execute_python only when the binding loads', async () => {
    const enabled = ['execute_sql', 'execute_python'] as const;
    expect(selectToolNames(enabled, { interactive: true, runtime: { python: await loadMonty(failingImporter) } })).toEqual(['execute_sql']);
    expect(selectToolNames(enabled, { interactive: true, runtime: { python: await loadMonty() } })).toEqual(['execute_sql', 'execute_python']);
    expect(selectToolNames(enabled, { interactive: true })).toEqual(['execute_sql']);
  });

  it('has datathread check print the reason and leave the tool out', async () => {
    const runtime = { python: await loadMonty(failingImporter) };
    const report = await describeToolRuntime(runtime, { python: { enabled: true } });
    expect(report.text).toBe(
      `Python (execute_python): NOT AVAILABLE — the @pydantic/monty native binding could not be loaded on ${process.platform}-${process.arch} (Cannot find module '@pydantic/monty-linux-arm64-gnu')\n`,
    );
    expect(listOfferedToolNames(['execute_sql', 'execute_python'], { interactive: true, runtime })).toEqual(['execute_sql']);
  });
});
