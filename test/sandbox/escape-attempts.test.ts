// Code that tries to get out of the sandbox, measured against the real bubblewrap backend: every
// attempt must fail, and the host must be unchanged.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxFixture, type SandboxFixture } from './sandbox-fixture.js';

const SECRET = 'host-secret-7f3a91';
let fixture: SandboxFixture;
let hostFolder: string;
let listener: Server;
let port: number;
const accepted: string[] = [];

beforeAll(async () => {
  fixture = await createSandboxFixture({ limits: { wallClockMs: 20_000, cpuSeconds: 3, memoryBytes: 512 * 1024 * 1024, processes: 64, outputBytes: 64 * 1024 } });
  hostFolder = await mkdtemp(join(tmpdir(), 'datathread-host-'));
  await writeFile(join(hostFolder, 'secret.txt'), SECRET);
  listener = createServer((socket) => {
    accepted.push('connection');
    socket.end(SECRET);
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
}, 60_000);

afterAll(async () => {
  await fixture.close();
  await rm(hostFolder, { recursive: true, force: true });
  await new Promise((resolve) => listener.close(resolve));
});

function python(code: string) {
  return fixture.pool.run({ threadId: 'slack:C1:1.1', language: 'python', code });
}

describe('the bubblewrap sandbox', () => {
  it('cannot read a secret file of the host', async () => {
    const result = await python(`open(${JSON.stringify(join(hostFolder, 'secret.txt'))}).read()`);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/FileNotFoundError/);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  });

  it('cannot write outside its output folder', async () => {
    const targets = ['/etc/evil', '/usr/evil', '/evil', '/sandbox/data/evil', join(hostFolder, 'evil'), join(process.cwd(), 'evil')];
    const code = [
      'import json',
      'outcome = {}',
      `for path in ${JSON.stringify(targets)}:`,
      '    try:',
      '        open(path, "w").write("x")',
      '        outcome[path] = "written"',
      '    except OSError as error:',
      '        outcome[path] = type(error).__name__',
      'print(json.dumps(outcome))',
    ].join('\n');
    const result = await python(code);
    const outcome = JSON.parse(result.stdout) as Record<string, string>;
    for (const target of targets) expect(outcome[target], target).not.toBe('written');
    expect(readdirSync(hostFolder)).toEqual(['secret.txt']);
    expect(existsSync(join(process.cwd(), 'evil'))).toBe(false);
  });

  it('cannot see the bot’s working folder', async () => {
    const result = await python(`import os; print(os.path.exists(${JSON.stringify(join(process.cwd(), 'package.json'))}))`);
    expect(result.stdout.trim()).toBe('False');
  });

  it('cannot reach a port on 127.0.0.1', async () => {
    const result = await python(`import socket\ntry:\n    socket.create_connection(("127.0.0.1", ${port}), timeout=3).recv(100)\n    print("connected")\nexcept OSError as error:\n    print("refused", type(error).__name__)`);
    expect(result.stdout).toMatch(/^refused/);
    expect(accepted).toEqual([]);
  });

  it('cannot read /proc of the host process', async () => {
    const result = await python(`import os\ntry:\n    print(open("/proc/${process.pid}/environ").read())\nexcept OSError as error:\n    print("denied", type(error).__name__)\nprint(sorted(p for p in os.listdir("/proc") if p.isdigit()))`);
    expect(result.stdout).toMatch(/^denied/);
    // Only the sandbox's own processes exist in its PID namespace.
    const processIds = JSON.parse(result.stdout.split('\n')[1]!.replace(/'/g, '"')) as string[];
    expect(processIds.length).toBeLessThanOrEqual(3);
  });

  it('does not see the bot’s environment variables', async () => {
    process.env.DATATHREAD_TEST_API_KEY = 'sk-live-visible-to-nobody';
    try {
      const result = await fixture.pool.run({ threadId: 'slack:C1:1.1', language: 'shell', code: 'env' });
      expect(result.stdout).not.toContain('sk-live-visible-to-nobody');
      expect(result.stdout).not.toMatch(/OPENAI|SLACK|DATATHREAD/);
      expect(result.stdout).toContain('HOME=/sandbox/home');
    } finally {
      delete process.env.DATATHREAD_TEST_API_KEY;
    }
  });

  it('stops a fork bomb at the process limit, and the host can still start processes', async () => {
    const result = await fixture.pool.run({ threadId: 'slack:C1:1.1', language: 'shell', code: 'bomb() { bomb | bomb & }; bomb; sleep 2; echo done' });
    expect(result.stderr).toMatch(/fork|Resource temporarily unavailable/i);
    const after = await python('print("still works")');
    expect(after.stdout.trim()).toBe('still works');
  }, 60_000);

  it('stops a memory bomb at the memory limit', async () => {
    const result = await python('blocks = []\nwhile True:\n    blocks.append(bytearray(50 * 1024 * 1024))');
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/MemoryError/);
  });

  it('stops an infinite loop at the CPU or wall-clock limit', async () => {
    const result = await python('while True:\n    pass');
    expect(result.exitCode).not.toBe(0);
    expect(result.signal === 'SIGXCPU' || result.signal === 'SIGKILL' || result.stoppedBy === 'wall_clock').toBe(true);
    expect(result.durationMs).toBeLessThan(20_000);
  }, 30_000);

  it('stops 1 GB of output at the output limit without holding it in memory', async () => {
    const result = await python('import sys\nchunk = "x" * (1024 * 1024)\nfor _ in range(1024):\n    sys.stdout.write(chunk)');
    expect(result.stoppedBy).toBe('output_limit');
    expect(result.stdout.length).toBeLessThanOrEqual(64 * 1024);
  });
});
