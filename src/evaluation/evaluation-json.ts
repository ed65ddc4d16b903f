// The JSON form of a run (--json): the summary and every case run, and the reader that a later
// run's --compare uses. Versioned so an old file is recognised rather than misread.
import { readFile } from 'node:fs/promises';
import { DatathreadError } from '../support/errors.js';
import type { RunComparison } from './compare-runs.js';
import type { EvaluationSummary } from './evaluation-summary.js';
import type { EvaluationRun } from './run-evaluation.js';

const FORMAT_VERSION = 1;

export interface EvaluationJson {
  version: number;
  startedAt: string;
  model: string | null;
  summary: EvaluationSummary;
  /** With --compare: the cases that regressed, improved or are new since the previous run. */
  comparison?: RunComparison;
}

export function evaluationJson(run: EvaluationRun, summary: EvaluationSummary, comparison?: RunComparison): string {
  const document: EvaluationJson = { version: FORMAT_VERSION, startedAt: run.startedAt.toISOString(), model: run.modelId ?? null, summary, ...(comparison ? { comparison } : {}) };
  return `${JSON.stringify(document, null, 2)}\n`;
}

export class PreviousRunError extends DatathreadError {
  override readonly name = 'PreviousRunError';
  readonly code = 'eval_previous_run_unreadable';
}

/** Per case name, the share of runs that passed in a previous run's JSON. */
export async function readPreviousPassRates(path: string): Promise<Map<string, number>> {
  let document: Partial<EvaluationJson>;
  try {
    document = JSON.parse(await readFile(path, 'utf8')) as Partial<EvaluationJson>;
  } catch (error) {
    throw new PreviousRunError(`--compare ${path}: cannot read it as JSON (${(error as Error).message}). Give a file written by \`datathread eval --json\`.`);
  }
  if (document.version !== FORMAT_VERSION || !Array.isArray(document.summary?.cases)) {
    throw new PreviousRunError(`--compare ${path}: not an evaluation written by \`datathread eval --json\` (format version ${FORMAT_VERSION}).`);
  }
  return new Map(document.summary.cases.map((entry) => [entry.name, entry.runs === 0 ? 0 : entry.passedRuns / entry.runs]));
}
