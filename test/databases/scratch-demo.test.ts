import { test } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { DEMO_WAREHOUSE_SQL } from '../../src/databases/demo-warehouse-sql.js';
test('scratch', async () => {
  const t00 = performance.now();
  const instance = await DuckDBInstance.create(`/tmp/scratch/t-${Date.now()}.duckdb`);
  const c = await instance.connect();
  console.log('open', performance.now() - t00);
  for (const s of DEMO_WAREHOUSE_SQL) { const t0 = performance.now(); await c.run(s); console.log(Math.round(performance.now() - t0), s.slice(0, 60).replace(/\s+/g, ' ')); }
  const t0 = performance.now(); await c.run('CHECKPOINT'); console.log('ckpt', performance.now() - t0);
  c.disconnectSync(); instance.closeSync();
});
