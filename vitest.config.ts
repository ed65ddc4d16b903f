import { defineConfig } from 'vitest/config';

// Files that run after the rest, one file at a time: their assertions include a deadline measured
// against the clock, or they load both cores for long enough to slow every other file's servers.
const RUN_ALONE = [
  // Long DuckDB queries in child processes (threadpool starvation): both cores for ~30 s.
  'test/databases/threadpool-slots.test.ts',
  'test/channels/slack/slack-python-load.test.ts',
  'test/e2e/durable-turns.test.ts',
  'test/e2e/state-store-outage.test.ts',
  'test/e2e/replica-coordination.test.ts',
];

// Files that must import their modules fresh: one tests a module's state before it is set up, one
// which drivers a sync loads (a shared cache holds what earlier files loaded). Every other file
// shares its worker's module cache.
const FRESH_MODULES = ['test/sql/statement-gate-not-ready.test.ts', 'test/context-sync/sync-loads-one-driver.test.ts'];

// Test workers are child processes that inherit this environment, and libuv sizes its threadpool
// once, at process start. Files share a worker (isolate: false), so a file that leaves DuckDB or
// SQLite calls running holds pool threads into the next file; with libuv's 4 threads, two test
// stores on one SQLite file (two replicas) then wait on each other until the busy timeout. 16
// threads, as in the Docker image, leave room; a test that needs the default sets it on its own
// child process.
process.env.UV_THREADPOOL_SIZE ??= '16';

export default defineConfig({
  test: {
    // Databases (embedded PostgreSQL, DuckDB files) are started once per file; give slow CI room.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    globalSetup: ['test/global-setup.ts'],
    // Two cores in CI: keep parallel files modest so PostgreSQL and native builds do not starve.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'parallel',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: [...RUN_ALONE, ...FRESH_MODULES],
          // Files share each worker's module cache instead of importing every module again: about
          // half of the suite's time went to imports. No test mocks modules, and each file starts
          // and stops its own servers, databases and stores, so nothing a file changes outlives it.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'fresh-modules',
          include: FRESH_MODULES,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'alone',
          include: RUN_ALONE,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
