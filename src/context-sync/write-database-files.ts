// A database's files in three steps: the table files first, so the index can name the hand-written
// files standing where a generated one would go (the next sync's shortcut then reports them without
// opening every file), then the index, then the generated files no table produces any more. Table
// files are rendered and written a batch at a time: 5,000 rendered files held at once cost tens of MB.
import { removeStaleGeneratedFiles, writeGeneratedFiles, type GeneratedFile, type WriteOutcome } from './write-generated-files.js';

export interface DatabaseFiles {
  /** The database folder, relative to the context folder. */
  folder: string;
  /** Each table file's path (relative to the context folder); rendered only when its batch is written. */
  tablePaths: string[];
  renderTable: (index: number) => string;
  /** The index (README.md) given the kept hand-written table files, relative to the database folder. */
  renderIndex: (keptHandWritten: string[]) => string;
}

const TABLES_PER_BATCH = 250;

async function writeTableFiles(contextPath: string, files: DatabaseFiles, dryRun: boolean): Promise<WriteOutcome> {
  const outcome: WriteOutcome = { added: [], changed: [], removed: [], unchanged: 0, keptHandWritten: [] };
  for (let start = 0; start < files.tablePaths.length; start += TABLES_PER_BATCH) {
    const batch = files.tablePaths.slice(start, start + TABLES_PER_BATCH).map((path, offset) => ({ path, content: files.renderTable(start + offset) }));
    const written = await writeGeneratedFiles(contextPath, batch, [], dryRun);
    outcome.added.push(...written.added);
    outcome.changed.push(...written.changed);
    outcome.unchanged += written.unchanged;
    outcome.keptHandWritten.push(...written.keptHandWritten);
  }
  return outcome;
}

export async function writeDatabaseFiles(contextPath: string, files: DatabaseFiles, dryRun: boolean): Promise<WriteOutcome> {
  const tables = await writeTableFiles(contextPath, files, dryRun);
  const kept = tables.keptHandWritten.map((path) => path.slice(files.folder.length + 1));
  const index: GeneratedFile = { path: `${files.folder}/README.md`, content: files.renderIndex(kept) };
  const written = await writeGeneratedFiles(contextPath, [index], [], dryRun);
  const planned = new Set([index.path, ...files.tablePaths]);
  const removed = await removeStaleGeneratedFiles(contextPath, planned, [files.folder], dryRun);
  return {
    added: [...tables.added, ...written.added].sort(),
    changed: [...tables.changed, ...written.changed].sort(),
    removed: removed.sort(),
    unchanged: tables.unchanged + written.unchanged,
    keptHandWritten: [...tables.keptHandWritten, ...written.keptHandWritten].sort(),
  };
}
