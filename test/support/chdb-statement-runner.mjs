// Runs statements on a chdb session in its own process, for the statement gate's differential
// tests (test/sql/differential/clickhouse-probe.ts): chdb is about 550 MB and the test workers are
// shared by many files, so the engine stays out of them. Reads one JSON request per line on stdin
// ({ id, sql }) and writes one JSON answer per line ({ id, output } or { id, error }); `output` is
// chdb's JSONCompact text, one document per statement it ran. The session is read-only.
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const require = createRequire(fileURLToPath(new URL('../engines/package.json', import.meta.url)));
const { Session } = require('chdb');

/** JSON on one line: readline also ends lines at U+2028 and U+2029, which JSON.stringify leaves raw. */
function jsonLine(value) {
  return JSON.stringify(value).replace(/[\u2028\u2029\u0085]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One thread: the test machines have two cores, shared with the rest of the suite. */
const session = new Session(undefined, { connectionArgs: ['--max_threads=1', '--readonly=1'] });
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  const { id, sql } = JSON.parse(line);
  let answer;
  try {
    answer = { id, output: session.query(sql, 'JSONCompact') };
  } catch (error) {
    answer = { id, error: String(error?.message ?? error) };
    // When a later statement of a text fails, chdb keeps the earlier statements' output and hands
    // it out with the next query's: a throwaway query takes it.
    session.query('SELECT 1', 'JSONCompact');
  }
  process.stdout.write(`${jsonLine(answer)}\n`);
}
