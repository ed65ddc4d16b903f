import { DuckDBInstance } from '@duckdb/node-api';
const inst = await DuckDBInstance.create(':memory:');
const c = await inst.connect();
const r = await c.runAndReadAll(`select date '2024-01-01' + interval (i) month as m, i::bigint as b, (i*1.5)::decimal(10,2) as d, i::double as f, 'x'||i as s, timestamp '2024-01-01 10:00:00' as ts, null::integer as n from range(3) t(i)`);
console.log(r.columnNames(), r.columnTypes().map(t=>t.toString()), JSON.stringify(r.getRowsJson()));
