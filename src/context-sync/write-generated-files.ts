// Writes one sync's generated files into the context folder, incrementally: a file whose header
// line (with its content hash) is already on disk is left alone, a generated file under an owned
// folder that this sync did not produce is removed, and a hand-written file is never touched, even
// where a generated one would go. With `dryRun` it only says what it would do.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { firstLine, isGeneratedFile } from './generated-header.js';
import { forEachLimited } from './for-each-limited.js';

export interface GeneratedFile {
  /** Relative to the context folder, with `/` separators. */
  path: string;
  /** The whole file, generated header line first. */
  content: string;
}

export interface WriteOutcome {
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: number;
  /** Paths where a generated file would go but a hand-written one stands. */
  keptHandWritten: string[];
}

const PARALLEL_FILE_OPERATIONS = 32;

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function listMarkdownFiles(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.md')).map((entry) => join(entry.parentPath, entry.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Written beside the target and renamed over it, so a reader never sees half a file. */
async function writeWhole(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}

function toContextPath(contextPath: string, absolute: string): string {
  return relative(contextPath, absolute).split(sep).join('/');
}

/** Generated files under `ownedFolders` that are not `planned` (paths relative to the context folder): removed, and listed. */
export async function removeStaleGeneratedFiles(contextPath: string, planned: Set<string>, ownedFolders: string[], dryRun: boolean): Promise<string[]> {
  const removed: string[] = [];
  for (const folder of ownedFolders) {
    const stale = (await listMarkdownFiles(join(contextPath, folder))).filter((path) => !planned.has(toContextPath(contextPath, path)));
    await forEachLimited(stale, PARALLEL_FILE_OPERATIONS, async (path) => {
      const text = await readIfExists(path);
      if (text === undefined || !isGeneratedFile(text)) return;
      removed.push(toContextPath(contextPath, path));
      if (!dryRun) await rm(path);
    });
  }
  return removed;
}

/**
 * `ownedFolders` (relative to the context folder): generated files in them that `files` does not
 * list are stale and removed; generated files elsewhere are only written.
 */
export async function writeGeneratedFiles(contextPath: string, files: GeneratedFile[], ownedFolders: string[], dryRun: boolean): Promise<WriteOutcome> {
  const outcome: WriteOutcome = { added: [], changed: [], removed: [], unchanged: 0, keptHandWritten: [] };
  await forEachLimited(files, PARALLEL_FILE_OPERATIONS, async (file) => {
    const target = join(contextPath, file.path);
    const existing = await readIfExists(target);
    if (existing !== undefined && !isGeneratedFile(existing)) {
      outcome.keptHandWritten.push(file.path);
      return;
    }
    if (existing !== undefined && firstLine(existing) === firstLine(file.content)) {
      outcome.unchanged += 1;
      return;
    }
    (existing === undefined ? outcome.added : outcome.changed).push(file.path);
    if (!dryRun) await writeWhole(target, file.content);
  });
  outcome.removed.push(...(await removeStaleGeneratedFiles(contextPath, new Set(files.map((file) => file.path)), ownedFolders, dryRun)));
  for (const list of [outcome.added, outcome.changed, outcome.removed, outcome.keptHandWritten]) list.sort();
  return outcome;
}
