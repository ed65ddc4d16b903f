// sandbox.network_allowlist: with domains listed, the sandboxed code reaches exactly those through
// the egress proxy; everything else is refused, and without a list there is no network at all.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedHost } from '../../src/sandbox/egress-proxy.js';
import { createSandboxFixture, type SandboxFixture } from './sandbox-fixture.js';

let server: Server;
let port: number;
let allowed: SandboxFixture;
let closed: SandboxFixture;

const FETCH = (url: string) =>
  [
    'import urllib.request, urllib.error',
    'try:',
    `    print(urllib.request.urlopen(${JSON.stringify(url)}, timeout=5).read().decode())`,
    'except urllib.error.HTTPError as error:',
    '    print("refused", error.code)',
    'except OSError as error:',
    '    print("unreachable", type(error).__name__)',
  ].join('\n');

beforeAll(async () => {
  server = createServer((_request, response) => response.end('hello from the allowed host'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  allowed = await createSandboxFixture({ networkAllowlist: ['localhost'] });
  closed = await createSandboxFixture();
}, 60_000);

afterAll(async () => {
  await allowed.close();
  await closed.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('the sandbox network', () => {
  it('matches listed domains and their subdomains only', () => {
    expect(isAllowedHost('pypi.org', ['pypi.org'])).toBe(true);
    expect(isAllowedHost('files.pythonhosted.org', ['*.pythonhosted.org'])).toBe(true);
    expect(isAllowedHost('evilpypi.org', ['pypi.org'])).toBe(false);
    expect(isAllowedHost('pypi.org.evil.com', ['pypi.org'])).toBe(false);
  });

  it('reaches an allowed host through the proxy and is refused elsewhere', async () => {
    const reached = await allowed.pool.run({ threadId: 't', language: 'python', code: FETCH(`http://localhost:${port}/`) });
    expect(reached.stdout.trim()).toBe('hello from the allowed host');
    const refused = await allowed.pool.run({ threadId: 't', language: 'python', code: FETCH(`http://127.0.0.1:${port}/`) });
    expect(refused.stdout.trim()).toBe('refused 403');
  }, 30_000);

  it('has no network at all without an allowlist', async () => {
    const result = await closed.pool.run({ threadId: 't', language: 'python', code: FETCH(`http://localhost:${port}/`) });
    expect(result.stdout.trim()).toMatch(/^unreachable/);
  }, 30_000);
});
