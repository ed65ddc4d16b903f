// Which part of the context folder belongs to which database: `databases/<database>/…`, written by
// `datathread sync` (src/context-sync/README.md), and any file that names databases in its content
// (context-file-databases.ts: verified queries, front matter). Access rules on databases hold for
// these files too, so the tools and the prompt ask here whether a file is about a database the
// asker may use: this is the one access filter of the context folder.

/** The top-level directory that holds one folder per database. */
export const DATABASES_DIRECTORY = 'databases';

/** A database's folder name as sync spells it: characters outside `[A-Za-z0-9._-]` become `_`. */
export function databaseFolderName(databaseName: string): string {
  return databaseName.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** The database folder a relative path (`databases/hr/main/salaries.md`) lies in, if any. */
export function databaseFolderOf(relativePath: string): string | undefined {
  const segments = relativePath.split('/').filter(Boolean);
  return segments[0] === DATABASES_DIRECTORY && segments.length >= 2 ? segments[1] : undefined;
}

/**
 * Decides which database folders one asker sees. `allowed` undefined: every folder (no asker, e.g.
 * `datathread context-check`). Otherwise only the folders of the allowed databases: a folder of a
 * database the asker may not use, or of one no longer configured, is invisible.
 */
export class DatabaseFolderAccess {
  private readonly allowedFolders: Set<string> | undefined;

  constructor(allowed: readonly string[] | undefined) {
    this.allowedFolders = allowed ? new Set(allowed.map(databaseFolderName)) : undefined;
  }

  /** Whether this view hides anything at all (no asker: nothing). */
  get restricts(): boolean {
    return this.allowedFolders !== undefined;
  }

  hides(relativePath: string): boolean {
    if (!this.allowedFolders) return false;
    const folder = databaseFolderOf(relativePath);
    return folder !== undefined && !this.allowedFolders.has(folder);
  }

  /** Whether a file naming these databases is hidden: it is unless the asker may use every one of them. */
  hidesNamed(databaseNames: readonly string[]): boolean {
    const allowed = this.allowedFolders;
    return allowed !== undefined && databaseNames.some((name) => !allowed.has(databaseFolderName(name)));
  }
}
