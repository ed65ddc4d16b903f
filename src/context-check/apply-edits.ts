// --apply: writes each proposed file, unless it changed on disk since the review read it (then it
// is left alone and reported, so nobody's newer edit is overwritten).
import { readFile, writeFile } from 'node:fs/promises';
import type { FileChange } from './proposed-edits.js';

export async function applyEdits(changes: readonly FileChange[]): Promise<{ applied: string[]; skipped: string[] }> {
  const applied: string[] = [];
  const skipped: string[] = [];
  for (const change of changes) {
    const current = await readFile(change.realPath, 'utf8');
    if (current !== change.before) {
      skipped.push(change.virtualPath);
      continue;
    }
    await writeFile(change.realPath, change.after);
    applied.push(change.virtualPath);
  }
  return { applied, skipped };
}
