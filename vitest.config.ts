import { defineConfig } from 'vitest/config';

// Files whose assertions include Slack's 3-second ack limit or a lease deadline measured against a
// real process kill: they run after the rest, one file at a time, so the other files' CPU load
// cannot make a correct build miss a platform's deadline.
const RUN_ALONE = [
  'test/channels/slack/slack-python-load.test.ts',
  'test/e2e/durable-turns.test.ts',
  'test/e2e/state-store-outage.test.ts',
  'test/e2e/replica-coordination.test.ts',
];

// Files that must import their modules fresh: one tests a module's state before it is set up, one
// which drivers a sync loads (a shared cache holds what earlier files loaded). Every other file
// shares its worker's module cache.
const FRESH_MODULES = ['test/sql/statement-gate-not-ready.test.ts', 'test/context-sync/sync-loads-one-driver.test.ts'];

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
