// Which databases a context file is about, read from its content wherever it lies: a verified-query
// file's `database:` entries (`verified/hr.yaml` holds hr's SQL, tables and literals), or the front
// matter of any hand-written file (`database: hr`, or `databases: [hr, sales]`). The access filter
// (database-folders.ts) hides such a file from a person who may not use every database it names,
// as it hides `databases/hr/`. Reading the content, not the path, keeps the rule whole: a copy or a
// symbolic link elsewhere in the folder names the same databases.
import { open } from 'node:fs/promises';
import { parseAllDocuments, parseDocument } from 'yaml';

/** Files that can name a database: the text kinds the search indexes. */
const LABELLED_FILE = /\.(?:md|markdown|txt|sql|ya?ml)$/i;
const YAML_FILE = /\.ya?ml$/i;
/** A YAML file is read whole up to this size (verified files list their queries anywhere in it). */
export const MAX_LABEL_READ_BYTES = 2 * 1024 * 1024;
/** Front matter is at the top: this much of any other text file is read. */
const FRONT_MATTER_READ_BYTES = 64 * 1024;
const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
/** Used when the YAML does not parse: any `database:` line, so a broken file is not shown by mistake. */
const DATABASE_LINE = /^[ \t]*(?:-[ \t]+)?databases?[ \t]*:[ \t]*(.+)$/gm;

export function mayNameDatabases(fileName: string): boolean {
  return LABELLED_FILE.test(fileName);
}

/** The databases a file's text names (deduplicated, in order), or none. */
export function databasesNamedInText(fileName: string, text: string): string[] {
  if (!mayNameDatabases(fileName)) return [];
  const names = new Set<string>();
  if (YAML_FILE.test(fileName)) collectFromYaml(text, names);
  else {
    const frontMatter = FRONT_MATTER.exec(text)?.[1];
    if (frontMatter !== undefined) collectFromYaml(frontMatter, names);
  }
  return [...names];
}

function collectFromYaml(text: string, names: Set<string>): void {
  const documents = parseAllDocuments(text);
  if (!Array.isArray(documents) || documents.some((document) => document.errors.length > 0)) {
    collectFromLines(text, names);
    return;
  }
  for (const document of documents) collectFromValue(document.toJS() as unknown, names);
}

/** Top-level `database` / `databases`, and the same keys of each entry of `queries:` (verified files). */
function collectFromValue(value: unknown, names: Set<string>): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const record = value as Record<string, unknown>;
  addNames(record.database, names);
  addNames(record.databases, names);
  if (Array.isArray(record.queries)) for (const entry of record.queries) collectFromValue(entry, names);
}

function addNames(value: unknown, names: Set<string>): void {
  if (typeof value === 'string' && value.trim() !== '') names.add(value.trim());
  else if (Array.isArray(value)) for (const each of value) addNames(each, names);
}

function collectFromLines(text: string, names: Set<string>): void {
  for (const match of text.matchAll(DATABASE_LINE)) {
    const parsed = parseDocument(match[1]!.replace(/[ \t]+#.*$/, ''));
    addNames(parsed.errors.length === 0 ? (parsed.toJS() as unknown) : match[1]!.trim(), names);
  }
}

interface RememberedLabels {
  modifiedMs: number;
  size: number;
  databases: string[];
}

const MAX_REMEMBERED_FILES = 20_000;
const remembered = new Map<string, RememberedLabels>();

/** The databases a file on disk names; read again only when its modification time or size changed. */
export async function readDatabasesNamedByFile(realPath: string, stats: { mtimeMs: number; size: number }): Promise<string[]> {
  if (!mayNameDatabases(realPath)) return [];
  const known = remembered.get(realPath);
  if (known && known.modifiedMs === stats.mtimeMs && known.size === stats.size) return known.databases;
  const databases = databasesNamedInText(realPath, await readHead(realPath, Math.min(stats.size, YAML_FILE.test(realPath) ? MAX_LABEL_READ_BYTES : FRONT_MATTER_READ_BYTES)));
  if (remembered.size >= MAX_REMEMBERED_FILES) remembered.clear();
  remembered.set(realPath, { modifiedMs: stats.mtimeMs, size: stats.size, databases });
  return databases;
}

async function readHead(path: string, maximumBytes: number): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(maximumBytes);
    const { bytesRead } = await handle.read(buffer, 0, maximumBytes, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}
