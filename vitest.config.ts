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
          exclude: RUN_ALONE,
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
