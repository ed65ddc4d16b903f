import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logging/logger.js';
import { createHttpServer, type HttpServer } from '../../src/server/http-server.js';

let server: HttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(lines: string[] = []) {
  server = createHttpServer(() => ({ ok: true, detail: { model: 'configured' } }), createLogger({ write: (line) => lines.push(line) }));
  server.app.post('/api/messages', express.json(), (_request, response) => void response.status(200).end());
  const port = await server.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${port}`;
}

describe('the HTTP server', () => {
  it('reports liveness on /healthz and readiness on /readyz', async () => {
    const base = await start();
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', model: 'configured' });
  });

  it('answers a malformed JSON body with a plain 400, no stack trace, and logs one JSON line', async () => {
    const lines: string[] = [];
    const base = await start(lines);
    const response = await fetch(`${base}/api/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad json' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The request body is not valid JSON.' });
    expect(lines.map((line) => JSON.parse(line).message)).toEqual(['request body is not valid JSON']);
  });

  it('answers unknown paths with a JSON 404 that lists the real ones', async () => {
    const base = await start();
    const response = await fetch(`${base}/nope`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toContain('/slack/events, /api/messages, /healthz and /readyz');
  });
});
