// The shortcut of a re-sync: when a database's generated README carries the same catalog
// fingerprint as now, and every table file it links to is still there, the files on disk are what
// a full sync would write, so they are counted as unchanged without reading the catalog. One
// listing per directory checks that, not a read of every file (5,000 reads cost more than the rest);
// the hand-written files standing where generated ones go are the ones the last full sync named.
// Anything else (no README, another fingerprint, a missing table file, a stale generated file)
// answers undefined and the database is synced in full.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isGeneratedFile } from './generated-header.js';
import { forEachLimited } from './for-each-limited.js';
import type { WriteOutcome } from './write-generated-files.js';

const FINGERPRINT_LINE_START = '<!-- catalog-fingerprint: ';
const KEPT_LINE_START = '<!-- kept hand-written:';
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

/** The line under the fingerprint: table files the last full sync left alone because they are hand-written. */
export function keptHandWrittenLine(fileNames: string[]): string {
  return `${KEPT_LINE_START}${fileNames.map((name) => ` ${name}`).join('')} -->`;
}

function keptFrom(line: string | undefined): string[] | undefined {
  if (!line?.startsWith(KEPT_LINE_START) || !line.endsWith(' -->')) return undefined;
  return line.slice(KEPT_LINE_START.length, -' -->'.length).split(' ').filter(Boolean);
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Every `.md` file under `folder` as a path relative to it: one listing per directory, the
 * subdirectories (one per schema) listed side by side. Node 20's recursive readdir lists them one
 * after the other, which took longer than the fingerprint query this listing runs beside.
 */
async function markdownFilesUnder(folder: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(folder, prefix), { withFileTypes: true });
  const nested = await Promise.all(entries.filter((entry) => entry.isDirectory()).map((entry) => markdownFilesUnder(folder, `${prefix}${entry.name}/`)));
  const files = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.md')).map((entry) => `${prefix}${entry.name}`);
  return files.concat(...nested);
}

/** What the last sync left in a database folder, read apart from the fingerprint so both can be found at once. */
export interface SyncedFolder {
  fingerprintText: string | undefined;
  kept: string[] | undefined;
  /** Table files the index links to, relative to the database folder. */
  linked: string[];
  /** False when a linked file is missing or a generated file no table links to is there. */
  complete: boolean;
}

export async function readSyncedFolder(contextPath: string, folder: string): Promise<SyncedFolder | undefined> {
  const absoluteFolder = join(contextPath, folder);
  const index = await readIfExists(join(absoluteFolder, INDEX_FILE));
  if (index === undefined || !isGeneratedFile(index)) return undefined;
  const [, fingerprintText, keptText] = index.split('\n', 3);
  const linked = index.split('\n').flatMap((line) => TABLE_LINK.exec(line)?.[1] ?? []);
  const onDisk = new Set(await markdownFilesUnder(absoluteFolder));
  if (linked.some((fileName) => !onDisk.has(fileName))) return { fingerprintText, kept: keptFrom(keptText), linked, complete: false };
  // Files the index does not link are few (hand-written notes): one of them generated is stale.
  const expected = new Set([INDEX_FILE, ...linked]);
  let stale = false;
  await forEachLimited([...onDisk].filter((name) => !expected.has(name)), PARALLEL_FILE_READS, async (fileName) => {
    const text = await readIfExists(join(absoluteFolder, fileName));
    if (text !== undefined && isGeneratedFile(text)) stale = true;
  });
  return { fingerprintText, kept: keptFrom(keptText), linked, complete: !stale };
}

export function unchangedSince(synced: SyncedFolder | undefined, folder: string, fingerprint: string): UnchangedDatabase | undefined {
  if (!synced?.complete || !synced.kept || synced.fingerprintText !== fingerprintLine(fingerprint)) return undefined;
  const keptHandWritten = synced.kept.map((fileName) => `${folder}/${fileName}`).sort();
  const outcome: WriteOutcome = { added: [], changed: [], removed: [], unchanged: 1 + synced.linked.length - synced.kept.length, keptHandWritten };
  return { tables: synced.linked.length, outcome };
}
