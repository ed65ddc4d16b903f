// `datathread eval [--cases FILE|DIR | --from-verified] [--repeat N] [--junit FILE] [--report FILE.md]
// [--json FILE] [--compare PREVIOUS.json] [--concurrency N]`: runs each case through the
// conversation engine a chat turn uses and scores it; exit code 1 when any case failed, 2 when there
// is nothing to run or the input cannot be read (docs/eval.md).
import { terminalLogger } from './terminal-logger.js';
import { prepareOutputFolders } from './output-folders.js';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createApplication, type Application } from '../application.js';
import type { Bootstrapped } from '../config/bootstrap.js';
import { compareWithPrevious } from '../evaluation/compare-runs.js';
import { findDemoCasesFolder } from '../evaluation/demo-cases-folder.js';
import type { EvalCase } from '../evaluation/eval-case.js';
import { EvalCaseError } from '../evaluation/eval-case-error.js';
import { evaluationJson, PreviousRunError, readPreviousPassRates } from '../evaluation/evaluation-json.js';
import { summarizeEvaluation } from '../evaluation/evaluation-summary.js';
import { junitReport } from '../evaluation/junit-report.js';
import { loadEvalCases } from '../evaluation/load-eval-cases.js';
import { markdownReport } from '../evaluation/markdown-report.js';
import { runEvaluation } from '../evaluation/run-evaluation.js';
import { terminalSummary } from '../evaluation/terminal-summary.js';
import { modelIdentityOf } from '../agent/model-identity.js';
import { UsageError, type ParsedArguments } from './arguments.js';
import type { TerminalOutput } from './render-reply.js';

const DEFAULT_CONCURRENCY = 1;
const MAX_REPEAT = 100;
const MAX_CONCURRENCY = 32;
/** Exit code when there are no cases, the cases or the previous run cannot be read, or no model is configured (like a usage error). */
const EXIT_INPUT_ERROR = 2;

function wholeNumber(parsed: ParsedArguments, name: string, fallback: number, max: number): number {
  const value = parsed.options.get(name);
  if (value === undefined) return fallback;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < 1 || number > max) throw new UsageError(`--${name} needs a whole number from 1 to ${max}, such as --${name} 3`);
  return number;
}

function pathOption(parsed: ParsedArguments, name: string): string | undefined {
  const value = parsed.options.get(name);
  if (value === true) throw new UsageError(`--${name} needs a file path`);
  return value;
}

/**
 * Where the cases come from: the case files (default), or another source such as verified queries
 * (`--from-verified`), which may read the application's store. Throw an EvalCaseError for input
 * that cannot become cases: it is printed and the command ends with exit code 2.
 */
export type EvalCaseSource = (application: Application) => Promise<EvalCase[]>;

function caseFilesSource(parsed: ParsedArguments): EvalCaseSource {
  const path = pathOption(parsed, 'cases');
  return () => loadEvalCases(path ?? findDemoCasesFolder());
}

export async function evalCommand(
  parsed: ParsedArguments,
  started: Bootstrapped,
  output: TerminalOutput,
  errors: TerminalOutput,
  source: EvalCaseSource = caseFilesSource(parsed),
): Promise<number> {
  if (parsed.options.has('from-verified') && parsed.options.has('cases')) {
    throw new UsageError('--from-verified and --cases both say where the cases come from: give one of them');
  }
  const repeat = wholeNumber(parsed, 'repeat', 1, MAX_REPEAT);
  const concurrency = wholeNumber(parsed, 'concurrency', DEFAULT_CONCURRENCY, MAX_CONCURRENCY);
  const [junitPath, reportPath, jsonPath, comparePath] = ['junit', 'report', 'json', 'compare'].map((name) => pathOption(parsed, name));
  await prepareOutputFolders({ junit: junitPath, report: reportPath, json: jsonPath });
  const application = await createApplication({ environment: started.environment, config: started.config, logger: terminalLogger(parsed, started) });
  try {
    let cases: EvalCase[];
    let previous: Map<string, number> | undefined;
    try {
      cases = await source(application);
      previous = comparePath ? await readPreviousPassRates(comparePath) : undefined;
    } catch (error) {
      if (!(error instanceof EvalCaseError || error instanceof PreviousRunError)) throw error;
      errors.write(`${error.message}\n`);
      return EXIT_INPUT_ERROR;
    }
    // No case (a file with an empty `cases:` list) is nothing measured, never a pass.
    if (cases.length === 0) {
      errors.write('There are no cases to evaluate.\n');
      return EXIT_INPUT_ERROR;
    }
    // Without a model every case would fail the same way: say it once, as `ask` would.
    if (!application.model.available) {
      errors.write(`${application.model.reason}\n`);
      return EXIT_INPUT_ERROR;
    }
    const modelId = modelIdentityOf(application.model.model).model;
    output.write(`Evaluating ${cases.length} case${cases.length === 1 ? '' : 's'}${repeat > 1 ? ` × ${repeat} repeats` : ''} with ${modelId}…\n`);
    // Token usage is read per thread from the rows written since the evaluation started.
    const evaluationStarted = new Date();
    const run = await runEvaluation(
      cases,
      {
        engine: application.engine,
        databases: application.databases,
        modelId,
        queryTimeoutMs: started.config.agent.queryTimeoutMs,
        createThreadId: () => `console:eval-${randomUUID()}`,
        tokensOf: async (threadId) => {
          const records = (await application.store.listTokenUsage(evaluationStarted)).filter((record) => record.threadId === threadId);
          return {
            input: records.reduce((sum, record) => sum + record.inputTokens, 0),
            output: records.reduce((sum, record) => sum + record.outputTokens, 0),
            cached: records.reduce((sum, record) => sum + record.cachedInputTokens, 0),
          };
        },
      },
      { repeat, concurrency, onCaseDone: (result) => output.write(`${result.passed ? 'pass' : 'FAIL'} ${result.name}\n`) },
    );
    const summary = summarizeEvaluation(run);
    const comparison = previous ? compareWithPrevious(summary, previous) : undefined;
    output.write(`\n${terminalSummary(summary, modelId, comparison)}`);
    if (junitPath) await writeFile(junitPath, junitReport(run));
    if (reportPath) await writeFile(reportPath, markdownReport(summary, modelId, comparison));
    if (jsonPath) await writeFile(jsonPath, evaluationJson(run, summary, comparison));
    return summary.passRate.passed === summary.passRate.total ? 0 : 1;
  } finally {
    await application.close();
  }
}
