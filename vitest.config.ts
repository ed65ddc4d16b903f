import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Databases (embedded PostgreSQL, DuckDB files) are started once per file; give slow CI room.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    globalSetup: ['test/global-setup.ts'],
    // Two cores in CI: keep parallel files modest so PostgreSQL and native builds do not starve.
    maxWorkers: 2,
  },
});
