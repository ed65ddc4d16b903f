// The Teams manifest's privacy and terms links resolve: the packaged manifest points at pages the
// server serves (or at the organisation's own URLs when given), and the pages say what is processed
// and stored.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, type HttpServer } from '../../src/server/http-server.js';

const run = promisify(execFile);
const BOT_APP_ID = '6d2a1d7c-4a3b-4c5e-9f00-0b1c2d3e4f50';
let directory: string;
let server: HttpServer;
let base: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-policy-pages-'));
  server = createHttpServer();
  base = `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`;
});

afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

/** The developer block of the manifest inside a packaged zip (manifest.json is its first entry). */
async function packagedDeveloper(environment: Record<string, string>): Promise<{ privacyUrl: string; termsOfUseUrl: string }> {
  const out = join(directory, `${Object.keys(environment).join('-') || 'default'}.zip`);
  await run('node', ['scripts/teams-package.mjs', '--out', out], { env: { ...process.env, clientId: BOT_APP_ID, BOT_DOMAIN: 'datathread.example.com', ...environment } });
  const zip = await readFile(out);
  const compressedSize = zip.readUInt32LE(18);
  const dataStart = 30 + zip.readUInt16LE(26) + zip.readUInt16LE(28);
  return JSON.parse(inflateRawSync(zip.subarray(dataStart, dataStart + compressedSize)).toString('utf8')).developer;
}

describe('privacy and terms pages', () => {
  it('the packaged manifest links to /privacy and /terms on the bot domain, and the server answers both', async () => {
    const developer = await packagedDeveloper({});
    expect(developer).toMatchObject({ privacyUrl: 'https://datathread.example.com/privacy', termsOfUseUrl: 'https://datathread.example.com/terms' });
    for (const link of [developer.privacyUrl, developer.termsOfUseUrl]) {
      const response = await fetch(`${base}${new URL(link).pathname}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('the privacy page says what is processed, where it is sent and what is stored', async () => {
    const text = await (await fetch(`${base}/privacy`)).text();
    expect(text).toContain('<h1>datathread — privacy</h1>');
    expect(text).toContain('What it processes: the messages in which it is mentioned');
    expect(text).toContain('sent to the AI model provider the organisation configured');
    expect(text).toContain('What it stores: thread history, query results');
    expect(await (await fetch(`${base}/terms`)).text()).toContain('The bot only reads data; it does not change the databases it queries.');
  });

  it('an organisation\'s own policy URLs replace the defaults; a URL Teams would refuse stops the packaging', async () => {
    const developer = await packagedDeveloper({ PRIVACY_URL: 'https://intranet.example.com/privacy-policy', TERMS_URL: 'https://intranet.example.com/terms-of-use' });
    expect(developer).toMatchObject({ privacyUrl: 'https://intranet.example.com/privacy-policy', termsOfUseUrl: 'https://intranet.example.com/terms-of-use' });
    const refused = await run('node', ['scripts/teams-package.mjs', '--out', join(directory, 'refused.zip')], {
      env: { ...process.env, clientId: BOT_APP_ID, BOT_DOMAIN: 'datathread.example.com', PRIVACY_URL: 'http://intranet.example.com/privacy' },
    }).catch((error: { stderr: string; code: number }) => error);
    expect(refused).toMatchObject({ code: 1, stderr: 'teams:package: PRIVACY_URL must be an https:// URL (Teams refuses others); got "http://intranet.example.com/privacy".\n' });
  });
});
