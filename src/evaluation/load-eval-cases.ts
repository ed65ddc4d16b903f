// Reads evaluation cases from a YAML file or from every *.yaml / *.yml file under a folder. A file
// holds one case, or many under `cases:`. All problems are collected before failing, so one run
// shows every mistake, each naming the file, the case and the field.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parseEvalCase, type EvalCase } from './eval-case.js';
import { EvalCaseError } from './eval-case-error.js';

const CASE_FILE = /\.ya?ml$/i;

async function caseFilesUnder(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && CASE_FILE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function casesIn(document: unknown): unknown[] | undefined {
  if (document && typeof document === 'object' && !Array.isArray(document) && 'cases' in document) {
    const { cases } = document as { cases: unknown };
    return Array.isArray(cases) ? cases : undefined;
  }
  return document && typeof document === 'object' && !Array.isArray(document) ? [document] : undefined;
}

function caseLabel(value: unknown, index: number): string {
  const name = value && typeof value === 'object' ? (value as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name !== '' ? `case "${name}"` : `case #${index + 1}`;
}

export async function loadEvalCases(path: string): Promise<EvalCase[]> {
  let files: string[];
  try {
    files = await caseFilesUnder(path);
  } catch (error) {
    throw new EvalCaseError([`${path}: cannot be read (${(error as Error).message})`]);
  }
  if (files.length === 0) throw new EvalCaseError([`${path}: no *.yaml case files in this folder`]);
  const problems: string[] = [];
  const cases: EvalCase[] = [];
  for (const file of files) {
    const shownPath = relative(process.cwd(), file) || file;
    let document: unknown;
    try {
      document = parseYaml(await readFile(file, 'utf8'));
    } catch (error) {
      problems.push(`${shownPath}: not valid YAML (${(error as Error).message.split('\n')[0]})`);
      continue;
    }
    const values = casesIn(document);
    if (!values) {
      problems.push(`${shownPath}: expected a case, or a list of cases under "cases:"`);
      continue;
    }
    values.forEach((value, index) => {
      const parsed = parseEvalCase(value, shownPath);
      if ('problems' in parsed) problems.push(...parsed.problems.map((problem) => `${shownPath}: ${caseLabel(value, index)}: ${problem}`));
      else cases.push(parsed.evalCase);
    });
  }
  problems.push(...duplicateNames(cases));
  if (problems.length > 0) throw new EvalCaseError(problems);
  return cases;
}

/** Names identify cases in reports and in --compare, so two cases may not share one. */
function duplicateNames(cases: EvalCase[]): string[] {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const evalCase of cases) {
    const first = seen.get(evalCase.name);
    if (first) problems.push(`${evalCase.source}: case "${evalCase.name}": name: already used in ${first}`);
    else seen.set(evalCase.name, evalCase.source);
  }
  return problems;
}
