// Closes a CI log that ran the test suite more than once (one run per Node version): prints one
// "<label>: N passed, N failed" line per run, then the sum as the last line, "N passed, N failed",
// which is the line CI readers look for. Exits 1 when any run failed a test, had a test file fail
// outside its tests (a native addon that does not load fails the file, not a test), ran no test, or
// left no readable results.
//
// Usage: node scripts/sum-test-results.mjs <label> <vitest-json-file> [<label> <vitest-json-file> ...]
import { readFileSync } from 'node:fs';

const pairs = process.argv.slice(2);
if (pairs.length === 0 || pairs.length % 2 !== 0) {
  console.error('usage: sum-test-results.mjs <label> <vitest-json-file> [<label> <vitest-json-file> ...]');
  process.exit(2);
}

let passedTotal = 0;
let failedTotal = 0;
let everyRunSucceeded = true;
for (let index = 0; index < pairs.length; index += 2) {
  const label = pairs[index];
  const file = pairs[index + 1];
  let results;
  try {
    results = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.log(`${label}: no test results (the run stopped before writing ${file})`);
    everyRunSucceeded = false;
    continue;
  }
  const passed = results.numPassedTests ?? 0;
  const failed = results.numFailedTests ?? 0;
  // A file that fails outside its tests (an import or a native addon that does not load, a failing
  // beforeAll) counts no failed test: count such files so the run still shows as failed.
  const filesFailedOutsideTests = (results.testResults ?? []).filter(
    (testFile) =>
      testFile.status === 'failed' &&
      !(testFile.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  passedTotal += passed;
  failedTotal += failed;
  const note = filesFailedOutsideTests > 0 ? ` (${filesFailedOutsideTests} test files failed outside their tests)` : '';
  console.log(`${label}: ${passed} passed, ${failed} failed${note}`);
  const ranCleanly = results.success === true && failed === 0 && filesFailedOutsideTests === 0;
  if (!ranCleanly || (results.numTotalTests ?? 0) === 0) everyRunSucceeded = false;
}
console.log(`${passedTotal} passed, ${failedTotal} failed`);
if (!everyRunSucceeded) process.exit(1);
