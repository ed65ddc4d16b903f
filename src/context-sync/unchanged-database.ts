// The shortcut of a re-sync: when a database's generated README carries the same catalog
// fingerprint as now, and every table file it links to is still there, the files on disk are what
// a full sync would write, so they are counted as unchanged without reading the catalog. Anything
// else (no README, another fingerprint, a missing table file, a stale generated file) answers
// undefined and the database is synced in full.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isGeneratedFile } from './generated-header.js';
import { forEachLimited } from './for-each-limited.js';
import type { WriteOutcome } from './write-generated-files.js';

const FINGERPRINT_LINE_START = '<!-- catalog-fingerprint: ';
const INDEX_FILE = 'README.md';
const PARALLEL_FILE_READS = 32;
// A table line of the index: `- [`schema.table`](schema/table.md)`, file names made only of safe characters.
const TABLE_LINK = /^- \[`.*?`\]\(([A-Za-z0-9._\-/]+\.md)\)(?: — |$)/;

export interface UnchangedDatabase {
  tables: number;
  outcome: WriteOutcome;
}

/** The line the index carries right under its generated header. */
export function fingerprintLine(fingerprint: string): string {
  return `${FINGERPRINT_LINE_START}${fingerprint} -->`;
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function markdownFilesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.md')).map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

export async function unchangedDatabase(contextPath: string, folder: string, fingerprint: string): Promise<UnchangedDatabase | undefined> {
  const absoluteFolder = join(contextPath, folder);
  const index = await readIfExists(join(absoluteFolder, INDEX_FILE));
  if (index === undefined || !isGeneratedFile(index) || index.split('\n', 2)[1] !== fingerprintLine(fingerprint)) return undefined;
  const linked = index.split('\n').flatMap((line) => TABLE_LINK.exec(line)?.[1] ?? []);
  const outcome: WriteOutcome = { added: [], changed: [], removed: [], unchanged: 1, keptHandWritten: [] };
  let missing = false;
  await forEachLimited(linked, PARALLEL_FILE_READS, async (fileName) => {
    const text = await readIfExists(join(absoluteFolder, fileName));
    if (text === undefined) missing = true;
    else if (isGeneratedFile(text)) outcome.unchanged += 1;
    else outcome.keptHandWritten.push(`${folder}/${fileName}`);
  });
  if (missing) return undefined;
  const expected = new Set([INDEX_FILE, ...linked]);
  for (const fileName of (await markdownFilesUnder(absoluteFolder)).filter((name) => !expected.has(name))) {
    const text = await readIfExists(join(absoluteFolder, fileName));
    if (text !== undefined && isGeneratedFile(text)) return undefined;
  }
  outcome.keptHandWritten.sort();
  return { tables: linked.length, outcome };
}
