// JUnit XML (--junit FILE), for CI systems that show test results: one testsuite per repeat, one
// testcase per case (classname: its first tag), a failure element with the reasons and the diff.
import type { CaseResult } from './case-result.js';
import type { EvaluationRun } from './run-evaluation.js';
import { sampleTable } from './report-formatting.js';

/** XML 1.0 allows no control characters other than tab, line feed and carriage return. */
function isAllowedInXml(character: string): boolean {
  const code = character.charCodeAt(0);
  return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

function escapeXml(text: string): string {
  return [...text]
    .filter(isAllowedInXml)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function failureBody(result: CaseResult): string {
  const parts = [...result.failures];
  if (result.agentSql.length > 0) parts.push('', "Agent's SQL:", ...result.agentSql);
  if (result.goldSql) parts.push('', 'Gold SQL:', result.goldSql);
  if (result.diff) parts.push('', 'Gold result:', sampleTable(result.diff.gold), '', 'Closest agent result:', result.diff.agent ? sampleTable(result.diff.agent) : '(none)');
  return parts.join('\n');
}

function testCase(result: CaseResult): string {
  const attributes = `name="${escapeXml(result.name)}" classname="${escapeXml(result.tags[0] ?? 'eval')}" time="${(result.latencyMs / 1000).toFixed(3)}"`;
  if (result.passed) return `    <testcase ${attributes}/>`;
  const message = escapeXml(result.failures[0] ?? 'failed');
  return `    <testcase ${attributes}>\n      <failure message="${message}">${escapeXml(failureBody(result))}</failure>\n    </testcase>`;
}

export function junitReport(run: EvaluationRun): string {
  const suites = run.repeats.map((results, index) => {
    const failures = results.filter((result) => !result.passed).length;
    const seconds = results.reduce((sum, result) => sum + result.latencyMs, 0) / 1000;
    const name = run.repeats.length > 1 ? `datathread eval (repeat ${index + 1})` : 'datathread eval';
    return `  <testsuite name="${name}" tests="${results.length}" failures="${failures}" errors="0" time="${seconds.toFixed(3)}" timestamp="${run.startedAt.toISOString()}">\n${results.map(testCase).join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n${suites.join('\n')}\n</testsuites>\n`;
}
