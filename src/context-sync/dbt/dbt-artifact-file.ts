// Reads one dbt artifact (manifest.json, semantic_manifest.json) and checks it against the shape
// sync relies on; every failure is a DbtArtifactError naming the file and what is wrong.
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { errorMessage } from '../../support/errors.js';
import { DbtArtifactError } from './dbt-errors.js';

const ISSUES_SHOWN = 3;

export async function readDbtArtifact<Schema extends z.ZodType>(path: string, what: string, schema: Schema): Promise<z.infer<Schema>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new DbtArtifactError(`The dbt ${what} ${path} cannot be read (${errorMessage(error)}). Run \`dbt parse\` (or any dbt command) to write it, or fix the path in sync.dbt.`, { cause: error });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new DbtArtifactError(`The dbt ${what} ${path} is not valid JSON (${errorMessage(error)}).`, { cause: error });
  }
  const result = schema.safeParse(parsed);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, ISSUES_SHOWN).map((issue) => `${issue.path.map(String).join('.') || '(top level)'}: ${issue.message}`);
  throw new DbtArtifactError(`The dbt ${what} ${path} is not in the shape dbt writes: ${issues.join('; ')}.`);
}
