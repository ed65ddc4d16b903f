// A database's files in three steps: the table files first, so the index can name the hand-written
// files standing where a generated one would go (the next sync's shortcut then reports them without
// opening every file), then the index, then the generated files no table produces any more.
import { removeStaleGeneratedFiles, writeGeneratedFiles, type GeneratedFile, type WriteOutcome } from './write-generated-files.js';

export interface DatabaseFiles {
  /** The database folder, relative to the context folder. */
  folder: string;
  tableFiles: GeneratedFile[];
  /** The index (README.md) given the kept hand-written table files, relative to the database folder. */
  renderIndex: (keptHandWritten: string[]) => string;
}

export async function writeDatabaseFiles(contextPath: string, files: DatabaseFiles, dryRun: boolean): Promise<WriteOutcome> {
  const tables = await writeGeneratedFiles(contextPath, files.tableFiles, [], dryRun);
  const kept = tables.keptHandWritten.map((path) => path.slice(files.folder.length + 1));
  const index: GeneratedFile = { path: `${files.folder}/README.md`, content: files.renderIndex(kept) };
  const written = await writeGeneratedFiles(contextPath, [index], [], dryRun);
  const planned = new Set([index.path, ...files.tableFiles.map((file) => file.path)]);
  const removed = await removeStaleGeneratedFiles(contextPath, planned, [files.folder], dryRun);
  return {
    added: [...tables.added, ...written.added].sort(),
    changed: [...tables.changed, ...written.changed].sort(),
    removed: removed.sort(),
    unchanged: tables.unchanged + written.unchanged,
    keptHandWritten: [...tables.keptHandWritten, ...written.keptHandWritten].sort(),
  };
}
