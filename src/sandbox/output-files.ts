// What the code left in its output folder that is new or changed since the call started: PNG
// images and CSV tables come back to the bot. Only regular files are read, never through a symbolic
// link (a link planted in the folder must not make the bot read a host file).
import { constants } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';

export type OutputFileKind = 'png' | 'csv';

export interface OutputFile {
  name: string;
  kind: OutputFileKind;
  content: Buffer;
}

export interface SkippedOutputFile {
  name: string;
  reason: string;
}

/** Name -> "mtime:size" of every regular file, to tell later what changed. */
export type OutputSnapshot = Map<string, string>;

export const MAX_RETURNED_FILES = 10;
export const MAX_RETURNED_FILE_BYTES = 20 * 1024 * 1024;

function kindOf(name: string): OutputFileKind | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.png')) return 'png';
  if (lower.endsWith('.csv')) return 'csv';
  return undefined;
}

export async function snapshotOutput(folder: string): Promise<OutputSnapshot> {
  const snapshot: OutputSnapshot = new Map();
  for (const name of await readdir(folder)) {
    const stats = await lstat(join(folder, name));
    if (stats.isFile()) snapshot.set(name, `${stats.mtimeMs}:${stats.size}`);
  }
  return snapshot;
}

async function readRegularFile(path: string): Promise<Buffer> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

export async function collectOutputFiles(folder: string, before: OutputSnapshot): Promise<{ files: OutputFile[]; skipped: SkippedOutputFile[] }> {
  const files: OutputFile[] = [];
  const skipped: SkippedOutputFile[] = [];
  for (const name of (await readdir(folder)).sort()) {
    const kind = kindOf(name);
    if (!kind) continue;
    const stats = await lstat(join(folder, name));
    if (!stats.isFile()) {
      skipped.push({ name, reason: 'not a regular file' });
      continue;
    }
    if (before.get(name) === `${stats.mtimeMs}:${stats.size}`) continue;
    if (stats.size > MAX_RETURNED_FILE_BYTES) skipped.push({ name, reason: `larger than ${MAX_RETURNED_FILE_BYTES / (1024 * 1024)} MB` });
    else if (files.length >= MAX_RETURNED_FILES) skipped.push({ name, reason: `more than ${MAX_RETURNED_FILES} files changed in one call` });
    else files.push({ name, kind, content: await readRegularFile(join(folder, name)) });
  }
  return { files, skipped };
}
