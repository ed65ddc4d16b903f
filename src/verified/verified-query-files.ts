// Verified queries kept as files in the context folder: `verified/*.yaml` (or `.yml`), each holding
// one query or a list under `queries:`. A file that does not parse or does not match the format is
// reported with its path and line (`datathread check` prints them) and skipped; the others load.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { z } from 'zod';
import type { VerifiedQuery } from './verified-query.js';

export const VERIFIED_FOLDER = 'verified';

export interface VerifiedFileProblem {
  /** Relative to the context folder: `verified/revenue.yaml`. */
  path: string;
  line: number;
  message: string;
}

export interface VerifiedFiles {
  queries: VerifiedQuery[];
  problems: VerifiedFileProblem[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const entrySchema = z
  .object({
    question: z.string().trim().min(1, 'the question is empty'),
    paraphrases: z.array(z.string().trim().min(1, 'a paraphrase is empty')).default([]),
    sql: z.string().trim().min(1, 'the SQL is empty'),
    database: z.string().trim().min(1).optional(),
    verified_by: z.string().trim().min(1).optional(),
    verified_at: z
      .union([z.string(), z.date()])
      .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value.trim()))
      .refine((value) => ISO_DATE.test(value), 'write the date as YYYY-MM-DD')
      .optional(),
  })
  .strict();

const listSchema = z.object({ queries: z.array(entrySchema).min(1, 'the list is empty') }).strict();

type Entry = z.infer<typeof entrySchema>;

/** Every verified-query file of the folder, in name order; an absent `verified/` folder holds none. */
export async function readVerifiedQueryFiles(contextRoot: string): Promise<VerifiedFiles> {
  const folder = join(contextRoot, VERIFIED_FOLDER);
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const names = entries.filter((entry) => entry.isFile() && /\.ya?ml$/i.test(entry.name)).map((entry) => entry.name).sort();
  const result: VerifiedFiles = { queries: [], problems: [] };
  for (const name of names) {
    const path = `${VERIFIED_FOLDER}/${name}`;
    const parsed = parseVerifiedQueryFile(path, await readFile(join(folder, name), 'utf8'));
    result.queries.push(...parsed.queries);
    result.problems.push(...parsed.problems);
  }
  return result;
}

export function parseVerifiedQueryFile(path: string, text: string): VerifiedFiles {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const lineAt = (offset: number) => lineCounter.linePos(offset).line;
  const syntaxError = document.errors[0];
  if (syntaxError) return { queries: [], problems: [{ path, line: lineAt(syntaxError.pos[0]), message: syntaxError.message.split('\n')[0]! }] };
  const value: unknown = document.toJS();
  const isList = typeof value === 'object' && value !== null && !Array.isArray(value) && 'queries' in value;
  const checked = isList ? listSchema.safeParse(value) : entrySchema.safeParse(value);
  if (!checked.success) {
    return { queries: [], problems: checked.error.issues.map((issue) => ({ path, line: lineAt(offsetOf(document, issue.path)), message: issueMessage(issue) })) };
  }
  const list: Entry[] = 'queries' in checked.data ? checked.data.queries : [checked.data];
  return { queries: list.map((entry, index) => toVerifiedQuery(entry, `file:${path}#${index + 1}`)), problems: [] };
}

function toVerifiedQuery(entry: Entry, id: string): VerifiedQuery {
  return {
    id,
    question: entry.question,
    paraphrases: entry.paraphrases,
    sql: entry.sql,
    ...(entry.database ? { database: entry.database } : {}),
    verifiedBy: entry.verified_by ?? '',
    verifiedAt: entry.verified_at ?? '',
    source: 'file',
  };
}

/** The line of the `sql:` of a file's `entryNumber`-th query (1-based), as its id `file:…#N` counts them. */
export function sqlLineOf(text: string, entryNumber: number): number {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const value: unknown = document.toJS();
  const isList = typeof value === 'object' && value !== null && !Array.isArray(value) && 'queries' in value;
  return lineCounter.linePos(offsetOf(document, isList ? ['queries', entryNumber - 1, 'sql'] : ['sql'])).line;
}

/** Where the problem is: the node at the issue's path, else the nearest node above it that exists. */
function offsetOf(document: Document, path: readonly PropertyKey[]): number {
  for (let length = path.length; length >= 0; length -= 1) {
    const node = document.getIn(path.slice(0, length) as Array<string | number>, true) as { range?: [number, number, number] } | undefined;
    if (node && typeof node === 'object' && node.range) return node.range[0];
  }
  return 0;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  if (issue.code === 'unrecognized_keys') return `${where}unknown key ${issue.keys.map((key) => `"${key}"`).join(', ')} (allowed: question, paraphrases, sql, database, verified_by, verified_at)`;
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${where}missing (required)`;
  return `${where}${issue.message}`;
}
