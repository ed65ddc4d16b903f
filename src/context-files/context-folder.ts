// The project context folder seen through virtual paths: `/` is the folder itself. Every tool
// (read, list, search, grep, and execute_python's read_file/list_files) goes through here, so the
// rules live in one place: no `..` above the top, no host path outside it, no symbolic link that
// leads out of it, nothing `.datathreadignore` hides, no database folder the asker may not use and
// no file naming such a database in its content (`forDatabases`: such a folder or file looks as if
// it did not exist).
import { existsSync, realpathSync, statSync, type Stats } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import { AccessDeniedError, ContextPathError } from './access-denied-error.js';
import { readDatabasesNamedByFile } from './context-file-databases.js';
import { DatabaseFolderAccess } from './database-folders.js';
import { IgnoreRules } from './ignore-rules.js';

/** A walk stops after this many entries, so a huge folder cannot stall a turn. */
export const MAX_WALK_ENTRIES = 20_000;
/** Entries of one directory looked at together (file handles open at once stay well under the usual limit). */
const LIST_BATCH_SIZE = 64;

export interface ContextEntry {
  /** `/metrics/revenue.md` */
  virtualPath: string;
  /** `metrics/revenue.md` ('' for the top). */
  relativePath: string;
  realPath: string;
  stats: Stats;
  /** The entry itself is a symbolic link (to somewhere inside the folder). */
  isSymbolicLink: boolean;
}

function toVirtual(relativePath: string): string {
  return `/${relativePath}`;
}

function isInside(root: string, candidate: string): boolean {
  const path = relative(root, candidate);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

export class ContextFolder {
  /** The configured folder, absolute. */
  readonly root: string;

  constructor(
    root: string,
    private readonly databaseAccess = new DatabaseFolderAccess(undefined),
  ) {
    this.root = resolve(root);
  }

  /** The same folder as one asker sees it: only the `databases/<name>/` folders of `allowedDatabases`. */
  forDatabases(allowedDatabases: readonly string[]): ContextFolder {
    return new ContextFolder(this.root, new DatabaseFolderAccess(allowedDatabases));
  }

  /** Whether a relative path lies in a database folder this view hides. */
  hidesPath(relativePath: string): boolean {
    return this.databaseAccess.hides(relativePath);
  }

  /** Whether a file's content names a database this view hides (a verified query, front matter). */
  async hidesContent(realPath: string, stats: Stats): Promise<boolean> {
    if (!this.databaseAccess.restricts || !stats.isFile()) return false;
    // An unreadable file is not shown to a restricted asker: what it names cannot be known.
    const named = await readDatabasesNamedByFile(realPath, stats).catch(() => undefined);
    return named === undefined || this.databaseAccess.hidesNamed(named);
  }

  /** Whether a file naming these databases (read from its text elsewhere, as the search index does) is hidden. */
  hidesNamedDatabases(databaseNames: readonly string[]): boolean {
    return this.databaseAccess.hidesNamed(databaseNames);
  }

  exists(): boolean {
    try {
      return statSync(this.root).isDirectory();
    } catch {
      return false;
    }
  }

  /** The folder with its own symbolic links resolved: what "inside" is measured against. */
  realRoot(): string {
    return realpathSync(this.root);
  }

  ignoreRules(): IgnoreRules {
    return IgnoreRules.load(this.root);
  }

  /**
   * Turns a virtual path into an existing entry, or throws AccessDeniedError (outside, through a
   * link, ignored) / ContextPathError (not found).
   */
  async resolve(requestedPath: string, rules: IgnoreRules = this.ignoreRules()): Promise<ContextEntry> {
    const realRoot = this.realRoot();
    const original = requestedPath.trim() || '/';
    let virtual = original.replace(/\\/g, '/');
    // A host path that names the folder itself is accepted as the virtual path it stands for.
    for (const prefix of [this.root, realRoot].map(toPosix)) {
      if (virtual === prefix) virtual = '/';
      else if (virtual.startsWith(`${prefix}/`)) virtual = virtual.slice(prefix.length);
    }
    const normalizedRelative = posix.normalize(virtual.replace(/^\/+/, '') || '.');
    if (normalizedRelative === '..' || normalizedRelative.startsWith('../')) throw new AccessDeniedError('outside', original);
    const relativePath = normalizedRelative === '.' ? '' : normalizedRelative.replace(/\/+$/, '');
    const normalized = toVirtual(relativePath);
    if (relativePath && rules.isIgnored(relativePath)) throw new AccessDeniedError('ignored', original);
    if (this.hidesPath(relativePath)) throw new ContextPathError(`File not found: ${normalized}`);
    const candidate = join(realRoot, ...relativePath.split('/').filter(Boolean));
    let linkStats: Stats;
    try {
      linkStats = await lstat(candidate);
    } catch {
      // An absolute host path outside the folder (`/etc/passwd`) is refused, not "not found".
      if (isAbsolute(original) && existsSync(original) && !isInside(realRoot, resolve(original))) {
        throw new AccessDeniedError('outside', original);
      }
      throw new ContextPathError(`File not found: ${normalized}`);
    }
    let target: string;
    try {
      target = await realpath(candidate);
    } catch {
      throw new ContextPathError(`File not found: ${normalized} (a broken symbolic link)`);
    }
    if (!isInside(realRoot, target)) throw new AccessDeniedError('outside', original);
    const targetRelative = toPosix(relative(realRoot, target));
    if (this.hidesPath(targetRelative)) throw new ContextPathError(`File not found: ${normalized}`);
    const stats = await stat(target);
    if (await this.hidesContent(target, stats)) throw new ContextPathError(`File not found: ${normalized}`);
    if (targetRelative && rules.isIgnored(targetRelative, stats.isDirectory())) throw new AccessDeniedError('ignored', original);
    if (relativePath && stats.isDirectory() && rules.isIgnored(relativePath, true)) throw new AccessDeniedError('ignored', original);
    return { virtualPath: normalized, relativePath, realPath: target, stats, isSymbolicLink: linkStats.isSymbolicLink() };
  }

  /**
   * The visible entries directly inside a directory: hidden and ignored names are left out, and
   * so are symbolic links that lead outside the folder or to something ignored.
   */
  async listDirectory(directory: ContextEntry, rules: IgnoreRules = this.ignoreRules()): Promise<ContextEntry[]> {
    const realRoot = this.realRoot();
    const names = (await readdir(directory.realPath)).sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
    const entries: ContextEntry[] = [];
    // A batch at a time: a restricted view reads the top of each text file (what it names), and
    // one file after the other made a first walk of thousands of files several times slower.
    for (let start = 0; start < names.length; start += LIST_BATCH_SIZE) {
      const batch = names.slice(start, start + LIST_BATCH_SIZE);
      const found = await Promise.all(
        batch.map((name) => this.visibleEntry(realRoot, join(directory.realPath, name), directory.relativePath ? `${directory.relativePath}/${name}` : name, rules)),
      );
      for (const entry of found) if (entry) entries.push(entry);
    }
    return entries;
  }

  /** Every visible file below a directory (depth first, sorted), following links that stay inside. */
  async listFilesBelow(start: ContextEntry, rules: IgnoreRules = this.ignoreRules()): Promise<ContextEntry[]> {
    if (!start.stats.isDirectory()) return [start];
    const files: ContextEntry[] = [];
    const visited = new Set<string>();
    let seen = 0;
    const walk = async (directory: ContextEntry): Promise<void> => {
      if (visited.has(directory.realPath)) return;
      visited.add(directory.realPath);
      for (const entry of await this.listDirectory(directory, rules)) {
        seen += 1;
        if (seen > MAX_WALK_ENTRIES) return;
        if (entry.stats.isDirectory()) await walk(entry);
        else if (entry.stats.isFile()) files.push(entry);
      }
    };
    await walk(start);
    return files;
  }

  private async visibleEntry(realRoot: string, path: string, relativePath: string, rules: IgnoreRules): Promise<ContextEntry | undefined> {
    try {
      const linkStats = await lstat(path);
      if (rules.isIgnored(relativePath, linkStats.isDirectory()) || this.hidesPath(relativePath)) return undefined;
      if (await this.hidesContent(path, linkStats)) return undefined;
      if (!linkStats.isSymbolicLink()) return { virtualPath: toVirtual(relativePath), relativePath, realPath: path, stats: linkStats, isSymbolicLink: false };
      const target = await realpath(path);
      if (!isInside(realRoot, target)) return undefined;
      const stats = await stat(target);
      const targetRelative = toPosix(relative(realRoot, target));
      if (this.hidesPath(targetRelative) || (await this.hidesContent(target, stats))) return undefined;
      if (targetRelative && rules.isIgnored(targetRelative, stats.isDirectory())) return undefined;
      if (rules.isIgnored(relativePath, stats.isDirectory())) return undefined;
      return { virtualPath: toVirtual(relativePath), relativePath, realPath: target, stats, isSymbolicLink: true };
    } catch {
      return undefined;
    }
  }
}
