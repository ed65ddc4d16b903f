// The statement gate's long differential run: generated statements checked against each
// real engine, one engine after another so the run never takes both cores of a shared machine. Runs
// the engine's differential test file (test/sql/differential/) with GATE_DIFFERENTIAL_CASES set, which
// collects every difference instead of stopping at the first, and prints one line per engine: cases,
// how many reached a comparison, differences, time.
//
//   node scripts/gate-differential.mjs --cases 100000 [--engine mariadb] [--seed 7] [--out figures.json]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const ENGINES = ['postgres', 'mariadb', 'duckdb', 'sqlite', 'clickhouse'];
const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '100000' },
    engine: { type: 'string', multiple: true },
    seed: { type: 'string' },
    out: { type: 'string' },
  },
});
const engines = values.engine ?? ENGINES;
for (const engine of engines) if (!ENGINES.includes(engine)) throw new Error(`Unknown engine ${engine}; one of ${ENGINES.join(', ')}.`);

function runEngine(engine) {
  const environment = { ...process.env, GATE_DIFFERENTIAL_CASES: values.cases };
  if (values.seed !== undefined) environment.GATE_DIFFERENTIAL_SEED = values.seed;
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', `test/sql/differential/${engine}-differential.test.ts`], { env: environment, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => {
      const line = /GATE_DIFFERENTIAL (\{.*\})/.exec(output);
      const figures = line ? JSON.parse(line[1]) : { engine, error: `no figures (vitest exited with ${code}); output ends: ${output.slice(-2000)}` };
      resolve({ ...figures, wallMs: Date.now() - started });
    });
  });
}

const results = [];
for (const engine of engines) {
  const figures = await runEngine(engine);
  results.push(figures);
  if (figures.error !== undefined) {
    console.log(`${engine}: ${figures.error}`);
    continue;
  }
  console.log(
    `${figures.engine}: ${figures.cases} cases, ${figures.compared} compared (${figures.engineErrors} the engine refused, ${figures.gateLexicalRefusals} the gate refused as unreadable), ${figures.differences} differences, ${(figures.elapsedMs / 1000).toFixed(1)} s`,
  );
  for (const example of figures.examples) console.log(`  ${example.replaceAll('\n', '\n  ')}`);
}
if (values.out !== undefined) writeFileSync(values.out, `${JSON.stringify(results, null, 2)}\n`);
