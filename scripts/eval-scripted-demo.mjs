// Runs the real `datathread eval` command (bin/datathread.js, as `npx datathread eval` runs it) on
// the shipped demo cases against the built-in demo warehouse, with a local OpenAI-compatible server
// playing the model: each case's gold SQL is played back, so every case should pass. With
// --drop-filter the model drops the "not cancelled" filter from every gold SQL, so exactly the
// cases whose result that filter changes should fail. Prints what the command prints and exits with
// its exit code:
//   node scripts/eval-scripted-demo.mjs [--drop-filter] [-- more eval options, e.g. --report FILE.md]
// The command runs in a fresh temporary folder without a datathread.yaml (so the built-in demo
// warehouse is used, created there next to the state file) and only sees the variables set below.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const root = join(import.meta.dirname, '..');
const { startFakeOpenAI } = await jiti.import('../test/fakes/openai-server.ts');
const { enqueueResponder, evalCaseResponder } = await jiti.import('../test/support/eval-scripted-model.ts');
const { loadEvalCases } = await jiti.import('../src/evaluation/load-eval-cases.ts');
const { findDemoCasesFolder } = await jiti.import('../src/evaluation/demo-cases-folder.ts');

const SCRIPTED_MODEL = 'scripted-model';
const separator = process.argv.indexOf('--');
const ownOptions = separator === -1 ? process.argv.slice(2) : process.argv.slice(2, separator);
const evalOptions = separator === -1 ? [] : process.argv.slice(separator + 1);
const dropFilter = ownOptions.includes('--drop-filter');

/** The gold SQL without the "not cancelled" filter, wherever it stands in the WHERE clause (as test/e2e/eval-command.test.ts drops it). */
function withoutCancelledFilter(sql) {
  return sql
    .replace(/\s+AND o\.status <> 'cancelled'/g, '')
    .replace(/WHERE o\.status <> 'cancelled'\s+AND /g, 'WHERE ')
    .replace(/\s*WHERE o\.status <> 'cancelled'/g, '');
}

const cases = await loadEvalCases(findDemoCasesFolder());
const fakeModel = await startFakeOpenAI();
enqueueResponder(fakeModel, evalCaseResponder(cases, dropFilter ? withoutCancelledFilter : undefined), cases.length);
const directory = await mkdtemp(join(tmpdir(), 'datathread-eval-demo-'));
const variables = {
  PATH: process.env.PATH ?? '',
  HOME: directory,
  OPENAI_BASE_URL: fakeModel.url,
  OPENAI_API_KEY: 'sk-scripted-model',
  DATATHREAD_MODEL: SCRIPTED_MODEL,
  DATATHREAD_STATE: `sqlite:${join(directory, 'state.db')}`,
};
// Asynchronous on purpose: the scripted model answers from this process while the command runs.
const code = await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, [join(root, 'bin', 'datathread.js'), 'eval', ...evalOptions], { cwd: directory, env: variables, stdio: 'inherit' });
  child.on('error', reject);
  child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});
await fakeModel.close();
await rm(directory, { recursive: true, force: true });
process.exitCode = code;
