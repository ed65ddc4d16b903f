// execute_sandboxed_code is off unless listed in agent.tools, offered only with a working backend,
// and `datathread check` says which backend is active or why none is.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeToolRuntime } from '../../src/cli/describe-tool-runtime.js';
import { readEnvironment } from '../../src/config/environment.js';
import { parseConfigText } from '../../src/config/load-config.js';
import { selectToolNames } from '../../src/tools/tool-registry.js';
import { sandboxRuntimeFor } from '../../src/tools/tool-runtime.js';
import { createSandboxFixture } from './sandbox-fixture.js';

const environment = readEnvironment({});
const parse = (text: string) => parseConfigText(text, join('/srv', 'datathread.yaml'), environment);

describe('execute_sandboxed_code gating', () => {
  it('is off by default and on when agent.tools lists it, with the sandbox section’s limits', () => {
    expect(parse('databases: []\n').agent.enabledTools).not.toContain('execute_sandboxed_code');
    const listed = parse('agent:\n  tools: [execute_sql, execute_sandboxed_code]\nsandbox:\n  timeout_ms: 20000\n  memory_mb: 512\n  network_allowlist: [pypi.org, "*.pythonhosted.org"]\n');
    expect(listed.agent.enabledTools).toEqual(['execute_sql', 'execute_sandboxed_code']);
    expect(listed.sandbox).toMatchObject({ limits: { wallClockMs: 20_000, memoryBytes: 512 * 1024 * 1024 }, ttlMs: 300_000, networkAllowlist: ['pypi.org', '*.pythonhosted.org'] });
  });

  it('names the key and the fix for a bad allowlist entry', () => {
    expect(() => parse('sandbox:\n  network_allowlist: ["https://pypi.org/simple"]\n')).toThrow(/sandbox\.network_allowlist\[0\].*must be a domain name such as pypi\.org/s);
  });

  it('is offered only when the sandbox runtime is available', () => {
    expect(selectToolNames(['execute_sql', 'execute_sandboxed_code'], { interactive: true, runtime: { sandbox: { available: false, reason: 'no bwrap' } } })).toEqual(['execute_sql']);
  });

  it('says in `datathread check` which backend is active, or why none is', async () => {
    const off = await sandboxRuntimeFor(parse('databases: []\n'));
    expect((await describeToolRuntime({ sandbox: off }, { python: { enabled: false } })).text).toBe('Sandbox (execute_sandboxed_code): off (execute_sandboxed_code is not in agent.tools)\n');
    const missing = await describeToolRuntime({ sandbox: { available: false, reason: 'bubblewrap (bwrap) is not installed' } }, { python: { enabled: false } });
    expect(missing.text).toBe('Sandbox (execute_sandboxed_code): NOT AVAILABLE — bubblewrap (bwrap) is not installed\n');
    const fixture = await createSandboxFixture();
    try {
      const limits = { wallClockMs: 60_000, cpuSeconds: 60, memoryBytes: 1024 * 1024 * 1024, processes: 256, outputBytes: 1024 * 1024, fileSizeBytes: 100 * 1024 * 1024 };
      const active = await describeToolRuntime({ sandbox: { available: true, pool: fixture.pool, limits, description: 'bubblewrap 0.8.0', networkAllowlist: [] } }, { python: { enabled: false } });
      expect(active.text).toBe('Sandbox (execute_sandboxed_code): available — bubblewrap 0.8.0, 60 s / 1024 MB limits, no network\n');
    } finally {
      await fixture.close();
    }
  });
});
