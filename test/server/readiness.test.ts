// /readyz asks the real PostgreSQL state store: ready while it answers, 503 once its database is
// gone (dropped with its connections, as when the server refuses them), ready again when it is
// back. /healthz (liveness) stays 200 throughout, so an orchestrator does not restart the process
// over a store outage.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, type HttpServer } from '../../src/server/http-server.js';
import { createReadinessCheck } from '../../src/server/readiness.js';
import { openPostgresStore } from '../../src/store/postgres-store.js';
import type { SqlStore } from '../../src/store/sql-store.js';
import { adminUrl, createScratchDatabase } from '../support/postgres-database.js';

let server: HttpServer | undefined;
let store: SqlStore | undefined;

afterEach(async () => {
  await server?.close();
  await store?.close();
  server = undefined;
  store = undefined;
});

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

describe('/readyz with a PostgreSQL state store', () => {
  it('answers 503 while the store cannot serve, 200 when it can, and /healthz stays 200', async () => {
    const scratch = await createScratchDatabase('dt_ready');
    store = openPostgresStore(scratch.url);
    await store.migrate();
    server = createHttpServer(createReadinessCheck({ store }));
    const base = `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`;

    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', store: 'ok' });

    await scratch.drop();
    const down = await fetch(`${base}/readyz`);
    expect(down.status).toBe(503);
    const body = (await down.json()) as { status: string; store: string };
    expect(body.status).toBe('unavailable');
    expect(body.store).toMatch(/^unavailable: .*does not exist|terminat/);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    await adminQuery(`CREATE DATABASE "${scratch.name}"`);
    await expect.poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 5_000 }).toBe(200);
    await scratch.drop();
  });

  it('answers 503 when the store does not answer in time', async () => {
    const check = createReadinessCheck({ store: { ping: () => new Promise(() => undefined) }, timeoutMs: 50 });
    expect(await check()).toEqual({ ok: false, detail: { store: 'unavailable: no answer within 50 ms' } });
  });
});
