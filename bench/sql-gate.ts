// Times the read-only statement gate and LIMIT detection on typical queries, after the parser
// has loaded. The gate runs before every model-written query, so it must stay well under 1 ms.

import { pathToFileURL } from 'node:url';
import { postgresRules } from '../src/databases/postgres/postgres-rules.js';
import { detectOuterLimit } from '../src/sql/outer-limit.js';
import { checkReadOnly, initStatementGate } from '../src/sql/statement-gate.js';

const QUERIES = [
  'SELECT * FROM users WHERE active = true LIMIT 50',
  'SELECT u.id, u.name, count(o.id) AS orders FROM users u LEFT JOIN orders o ON o.user_id = u.id GROUP BY u.id, u.name ORDER BY orders DESC LIMIT 20',
  "WITH monthly AS (SELECT date_trunc('month', created_at) AS month, sum(amount) AS revenue FROM orders GROUP BY 1) SELECT month, revenue, revenue - lag(revenue) OVER (ORDER BY month) AS change FROM monthly ORDER BY month",
];

export async function runSqlGateBenchmark(iterations = 2000): Promise<string> {
  const lines: string[] = [];
  const started = performance.now();
  await initStatementGate();
  lines.push(`sql-gate: parser init ${(performance.now() - started).toFixed(1)} ms`);
  for (const sql of QUERIES) {
    // The gate remembers its latest verdicts: each check gets a statement it has not seen (a
    // different trailing comment), so the figure is a full check. The repeat is timed apart.
    const unseen = Array.from({ length: iterations + 100 }, (_, index) => `${sql} /* ${index} */`);
    for (let warmup = 0; warmup < 100; warmup += 1) checkReadOnly(unseen[iterations + warmup]!, { dialect: 'postgres', allowFileAccess: false });
    const gateStart = performance.now();
    for (let iteration = 0; iteration < iterations; iteration += 1) checkReadOnly(unseen[iteration]!, { dialect: 'postgres', allowFileAccess: false });
    const gateMicroseconds = ((performance.now() - gateStart) / iterations) * 1000;
    const repeatStart = performance.now();
    for (let iteration = 0; iteration < iterations; iteration += 1) checkReadOnly(sql, { dialect: 'postgres', allowFileAccess: false });
    const repeatMicroseconds = ((performance.now() - repeatStart) / iterations) * 1000;
    const limitStart = performance.now();
    for (let iteration = 0; iteration < iterations; iteration += 1) detectOuterLimit(sql, postgresRules);
    const limitMicroseconds = ((performance.now() - limitStart) / iterations) * 1000;
    lines.push(`sql-gate: ${sql.length} chars: gate ${gateMicroseconds.toFixed(1)} µs (the same statement again ${repeatMicroseconds.toFixed(1)} µs), outer limit ${limitMicroseconds.toFixed(1)} µs`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await runSqlGateBenchmark());
}
