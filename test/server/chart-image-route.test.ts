// GET /images/<signed token>.png over real HTTP, with images kept in a real SQLite state store: the
// PNG a link was issued for comes back byte for byte; a tampered, expired or unknown link does not.
import { createHmac, hkdfSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logging/logger.js';
import { ChartImageLinks } from '../../src/server/chart-image-links.js';
import { attachChartImageRoute } from '../../src/server/chart-image-route.js';
import { storedChartImages } from '../../src/server/chart-image-store.js';
import { createHttpServer, type HttpServer } from '../../src/server/http-server.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { drawChartPng } from '../channels/teams/chart-png.js';

const PUBLIC_URL = 'https://datathread.example.com/';
let nowMs = Date.parse('2026-12-03T12:00:00Z');
let directory: string;
let store: Store;
let server: HttpServer;
let base: string;
let links: ChartImageLinks;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-chart-images-'));
  store = await openStore(`sqlite:${join(directory, 'state.db')}`);
  await store.migrate();
  links = new ChartImageLinks(Buffer.alloc(32, 9), PUBLIC_URL, () => new Date(nowMs));
  server = createHttpServer(undefined, createLogger({ level: 'error', write: () => undefined }));
  attachChartImageRoute(server.app, { links, getImage: (threadId, key) => storedChartImages(store, links).get(threadId, key), logger: createLogger({ level: 'error', write: () => undefined }) });
  base = `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`;
});

afterAll(async () => {
  await server.close();
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

/** The link as the server would be reached: same path, this test's address. */
const local = (link: string) => link.replace(PUBLIC_URL.replace(/\/$/, ''), base);

describe('chart image links', () => {
  it('serves the stored PNG byte for byte; a tampered, unknown or expired link is refused', async () => {
    const images = storedChartImages(store, links);
    const png = drawChartPng(764, 520);
    const link = await images.publish('teams:tenant:conversation-1', png);
    expect(link.startsWith(`${PUBLIC_URL}images/`)).toBe(true);
    expect(link.endsWith('.png')).toBe(true);

    const served = await fetch(local(link));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const [body, signature] = link.split('/').at(-1)!.split('.');
    const otherKey = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')), k: 'guessed' })).toString('base64url');
    expect((await fetch(`${base}/images/${otherKey}.${signature}.png`)).status).toBe(403);
    expect((await fetch(local(links.linkFor('teams:tenant:conversation-1', 'never-stored')))).status).toBe(404);

    // Correctly signed bodies that are not a link's payload are refused with a sentence, never a 500.
    const signingKey = Buffer.from(hkdfSync('sha256', Buffer.alloc(32, 9), Buffer.alloc(0), 'datathread chart image links', 32));
    for (const json of ['null', '[]', '"text"', '{}', JSON.stringify({ t: 1, k: 'a', e: nowMs + 60_000 })]) {
      const signedBody = Buffer.from(json, 'utf8').toString('base64url');
      const bodySignature = createHmac('sha256', signingKey).update(signedBody).digest('base64url');
      const refused = await fetch(`${base}/images/${signedBody}.${bodySignature}.png`);
      expect(refused.status, json).toBe(403);
      expect(await refused.text()).toMatch(/\S/);
    }

    nowMs += links.ttlMs + 1;
    const expired = await fetch(local(link));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toBe('This chart image has expired. Ask the question again for a new chart.\n');
  });
});
