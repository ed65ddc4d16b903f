// Gives a test file its own MariaDB database on the local server (127.0.0.1:3306, root without a
// password), so files can run in parallel. When no server answers, CI fails the file and other
// machines skip it with a line that says how to run it.
import mysql from 'mysql2/promise';

export const MARIADB_HOST = process.env.DATATHREAD_TEST_MYSQL_HOST ?? '127.0.0.1';
export const MARIADB_PORT = Number(process.env.DATATHREAD_TEST_MYSQL_PORT ?? 3306);
const ROOT = { host: MARIADB_HOST, port: MARIADB_PORT, user: 'root', password: '' };

export interface ScratchMariaDb {
  name: string;
  /** A connection as root to the scratch database, for setting up and checking. */
  admin: mysql.Connection;
  drop(): Promise<void>;
}

async function reachable(): Promise<boolean> {
  try {
    const connection = await mysql.createConnection({ ...ROOT, connectTimeout: 2_000 });
    await connection.end();
    return true;
  } catch {
    return false;
  }
}

/** True when tests may use MariaDB; in CI an unreachable server throws so the tests fail. */
export async function mariaDbAvailable(): Promise<boolean> {
  if (await reachable()) return true;
  if (process.env.CI === 'true') throw new Error(`MariaDB is not reachable at ${MARIADB_HOST}:${MARIADB_PORT}; .ci/run starts it.`);
  console.warn(
    `MariaDB tests skipped: no server at ${MARIADB_HOST}:${MARIADB_PORT}. Start one (start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd) and run again.`,
  );
  return false;
}

export async function createScratchMariaDb(prefix: string): Promise<ScratchMariaDb> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`.toLowerCase();
  const server = await mysql.createConnection(ROOT);
  await server.query(`CREATE DATABASE \`${name}\``);
  await server.end();
  const admin = await mysql.createConnection({ ...ROOT, database: name, multipleStatements: true });
  return {
    name,
    admin,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    },
  };
}
