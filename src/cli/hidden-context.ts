// The context part of `datathread check --access USER`: what of the context folder this person
// never sees, decided by the same filter every tool and the prompt use (ContextFolder.forDatabases):
// the `databases/<name>/` folders of databases they may not use, and files whose content names such
// a database (a verified-query file, front matter `database: hr`).
import { ContextFolder } from '../context-files/context-folder.js';
import { readDatabasesNamedByFile } from '../context-files/context-file-databases.js';
import { databaseFolderOf, DATABASES_DIRECTORY } from '../context-files/database-folders.js';

/** Lines such as `databases/hr/ (3 files)` and `verified/hr.yaml (names hr)`; empty when nothing is hidden or there is no folder. */
export async function hiddenContextLines(contextRoot: string, allowedDatabases: readonly string[]): Promise<string[]> {
  const whole = new ContextFolder(contextRoot);
  if (!whole.exists()) return [];
  const view = whole.forDatabases(allowedDatabases);
  const rules = whole.ignoreRules();
  const hiddenFolders = new Map<string, number>();
  const hiddenFiles: string[] = [];
  for (const file of await whole.listFilesBelow(await whole.resolve('/', rules), rules)) {
    if (view.hidesPath(file.relativePath)) {
      const folder = `${DATABASES_DIRECTORY}/${databaseFolderOf(file.relativePath)}/`;
      hiddenFolders.set(folder, (hiddenFolders.get(folder) ?? 0) + 1);
    } else if (await view.hidesContent(file.realPath, file.stats)) {
      const named = await readDatabasesNamedByFile(file.realPath, file.stats).catch(() => undefined);
      hiddenFiles.push(`${file.relativePath} (${named ? `names ${named.join(', ')}` : 'unreadable'})`);
    }
  }
  return [...[...hiddenFolders].map(([folder, count]) => `${folder} (${count} ${count === 1 ? 'file' : 'files'})`), ...hiddenFiles];
}
