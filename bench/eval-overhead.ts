// The cost `datathread eval` adds per case on top of the model and the database: building the
// turn, counting tool calls, re-running the agent's and the gold SQL through the adapter interface,
// comparing the results (100 rows, columns permuted, rows shuffled, one extra column), checking
// the expectations, and writing the summary, Markdown, JUnit and JSON reports. The engine and the
// database answer instantly from memory; the baseline is the same calls to them without the eval.
import { pathToFileURL } from 'node:url';
import type { HandleResult, TurnHandler } from '../src/conversations/types.js';
import type { DatabaseAdapter, JsonValue, QueryRows } from '../src/databases/types.js';
import { findDemoCasesFolder } from '../src/evaluation/demo-cases-folder.js';
import { evaluationJson } from '../src/evaluation/evaluation-json.js';
import { summarizeEvaluation } from '../src/evaluation/evaluation-summary.js';
import { junitReport } from '../src/evaluation/junit-report.js';
import { loadEvalCases } from '../src/evaluation/load-eval-cases.js';
import { markdownReport } from '../src/evaluation/markdown-report.js';
import { runEvaluation } from '../src/evaluation/run-evaluation.js';
import { median, sample } from './bench-support.js';

const ROWS_PER_RESULT = 100;
const RUNS = 15;

function goldRows(): QueryRows {
  const rows: JsonValue[][] = Array.from({ length: ROWS_PER_RESULT }, (_, index) => [`item ${index}`, index * 12.345, `2026-01-${String((index % 28) + 1).padStart(2, '0')}`]);
  return { columns: ['name', 'total', 'day'].map((name) => ({ name, type: 'varchar' })), rows, rowCount: rows.length, truncated: false, durationMs: 0 };
}

/** The same rows as the agent might return them: other column order, an extra column, reversed, float noise. */
function agentRows(gold: QueryRows): QueryRows {
  const rows = [...gold.rows].reverse().map(([name, total, day]) => [(total as number) * (1 + 1e-9), `${day as string}T00:00:00`, name ?? null, 1]);
  return { columns: ['sum', 'date', 'label', 'extra'].map((name) => ({ name, type: 'varchar' })), rows, rowCount: rows.length, truncated: false, durationMs: 0 };
}

function memoryDatabase(gold: QueryRows, agent: QueryRows): DatabaseAdapter {
  return {
    name: 'demo',
    dialect: 'duckdb',
    allowsWrites: false,
    allowsFileAccess: false,
    requiresUserCredential: false,
    runQuery: async (sql) => (sql.startsWith('/* agent */') ? agent : gold),
    introspect: async () => ({ tables: [] }),
    close: async () => undefined,
  };
}

function instantEngine(): TurnHandler {
  return {
    handle: async (request, observer): Promise<HandleResult> => {
      observer?.onToolCallStart?.({ toolCallId: 'call_1', toolName: 'execute_sql' });
      const sql = `/* agent */ SELECT * FROM t -- ${request.text}`;
      return {
        kind: 'completed',
        outcome: {
          threadId: request.threadId,
          status: 'answered',
          text: 'Here is what the data says about marketing, employee.',
          charts: [],
          stories: [],
          queries: [{ queryId: 'query_1', databaseName: 'demo', sql, rowCount: ROWS_PER_RESULT, durationMs: 0, refused: false, error: null }],
          tables: [],
          followUps: [],
        },
      };
    },
    cancel: () => false,
    isKnownThread: async () => false,
    markEventProcessed: async () => true,
  };
}

export async function runEvalOverheadBenchmark(): Promise<string> {
  const cases = await loadEvalCases(findDemoCasesFolder());
  const gold = goldRows();
  const database = memoryDatabase(gold, agentRows(gold));
  const engine = instantEngine();
  let threadCounter = 0;
  const dependencies = {
    engine,
    databases: [database],
    tokensOf: async () => ({ input: 100, output: 20, cached: 0 }),
    modelId: 'gpt-4o-mini',
    queryTimeoutMs: 30_000,
    createThreadId: () => {
      threadCounter += 1;
      return `console:eval-${threadCounter}`;
    },
  };
  const evaluate = async () => {
    const run = await runEvaluation(cases, dependencies, { repeat: 1, concurrency: 1 });
    const summary = summarizeEvaluation(run);
    markdownReport(summary, run.modelId);
    junitReport(run);
    evaluationJson(run, summary);
  };
  // The baseline: the engine and database calls an evaluation makes, without the evaluation.
  const baseline = async () => {
    for (const evalCase of cases) {
      const handled = await engine.handle({ threadId: 'x', platform: 'console', actor: { platform: 'console', userId: 'u' }, text: evalCase.question, kind: 'message', place: { isDirectMessage: true }, interactive: true });
      if (evalCase.sql && handled.kind === 'completed') {
        await database.runQuery(evalCase.sql, { rowCap: 1, timeoutMs: 1 });
        await database.runQuery(handled.outcome.queries[0]!.sql, { rowCap: 1, timeoutMs: 1 });
      }
    }
  };
  const evaluationMs = await sample(evaluate, RUNS);
  const baselineMs = await sample(baseline, RUNS);
  // The median baseline, not each run's own: a pause in one baseline run must not hide a run's cost.
  const baselineMedianMs = median(baselineMs);
  const perCaseMicroseconds = evaluationMs.map((milliseconds) => ((milliseconds - baselineMedianMs) / cases.length) * 1000);
  const sorted = [...perCaseMicroseconds].sort((left, right) => left - right);
  return [
    `eval overhead: ${cases.length} demo cases, ${ROWS_PER_RESULT}-row results compared per case, ${RUNS} runs`,
    `eval overhead per case (excluding model and database): median ${median(perCaseMicroseconds).toFixed(0)} µs, min ${sorted[0]!.toFixed(0)} µs, max ${sorted.at(-1)!.toFixed(0)} µs`,
    `whole run of ${cases.length} cases with reports: median ${median(evaluationMs).toFixed(1)} ms; the same engine and database calls alone: median ${baselineMedianMs.toFixed(2)} ms`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await runEvalOverheadBenchmark());
}
