// What `datathread check` says about a database whose tables do not all fit in the prompt's column
// dump and for which `datathread sync` has written no context files: the model would be shown only
// the first tables, so a sync (which gives the prompt a ranked index and search) would help.
import { tablesShownInColumnDump } from '../agent/system-prompt.js';
import type { ContextFolder } from '../context-files/context-folder.js';
import { contextSearchIndexFor } from '../context-files/context-search-index.js';
import { databaseFolderName } from '../context-files/database-folders.js';
import type { SchemaSummary } from '../databases/types.js';

/** One line for the check report, or undefined when the database fits or is already synced. */
export async function syncAdvice(databaseName: string, schema: SchemaSummary, folder: ContextFolder): Promise<string | undefined> {
  const shown = tablesShownInColumnDump(schema);
  if (shown >= schema.tables.length) return undefined;
  const folderName = databaseFolderName(databaseName);
  const tables = folder.exists() ? await contextSearchIndexFor(folder).tables(folder) : [];
  if (tables.some((table) => table.databaseFolder === folderName)) return undefined;
  return (
    `  a sync would help: the prompt shows the columns of only ${shown} of ${schema.tables.length} tables; ` +
    `run \`datathread sync --database ${databaseName}\` to give the model a ranked index of every table and search over their descriptions\n`
  );
}
