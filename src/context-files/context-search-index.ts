// The ranked full-text index over the context folder (MiniSearch), kept in memory per folder and
// brought up to date before every use: each use walks the folder and compares every file's
// modification time and size with what was indexed (no fs.watch: it misses changes on network and
// container mounts, and recursive watching is not reliable on Node.js 20 on Linux), then re-reads
// only the files that changed, appeared or went away. The index always holds the whole folder; each
// asker's view hides the database folders they may not use when the results are read.
import { readFile } from 'node:fs/promises';
import MiniSearch, { type SearchResult } from 'minisearch';
import { type ParsedContextFile, parseContextFile, type SearchDocument } from './context-documents.js';
import { type ContextEntry, ContextFolder } from './context-folder.js';
import type { ContextTable } from './generated-table-file.js';
import { databasesNamedInText } from './context-file-databases.js';
import { describeMatch } from './search-match-reason.js';
import { processSearchTerm } from './search-terms.js';

/** Files the search reads: notes, docs and queries, not data dumps. */
const INDEXED_EXTENSIONS = /\.(?:md|markdown|txt|sql|ya?ml)$/i;
const MAX_INDEXED_FILE_BYTES = 2 * 1024 * 1024;
const READ_BATCH_SIZE = 64;

/** A table's own name weighs most, then what the warehouse and dbt say about it, then its columns. */
export const SEARCH_FIELD_BOOSTS = { name: 3, description: 2, columns: 1.5, columnComments: 1, values: 0.5, text: 1 };
/** Terms of at least this many characters also match longer words (`refund` → `refunds_daily`). */
const PREFIX_MINIMUM_LENGTH = 4;
/** Terms of at least this many characters also match one typo away (`reveune`). */
const FUZZY_MINIMUM_LENGTH = 6;
const FUZZY_FRACTION = 0.2;

export interface SearchHit {
  path: string;
  kind: SearchDocument['kind'];
  databaseFolder: string | undefined;
  title: string;
  summary: string;
  /** Which words matched which fields, in one line. */
  reason: string;
  score: number;
}

interface IndexedFile {
  modifiedMs: number;
  size: number;
  parsed: ParsedContextFile | undefined;
  /** The databases the file's text names (context-file-databases.ts), for each asker's view. */
  databases: string[];
}

function createMiniSearch(): MiniSearch<SearchDocument> {
  return new MiniSearch<SearchDocument>({
    fields: Object.keys(SEARCH_FIELD_BOOSTS),
    storeFields: ['kind', 'databaseFolder', 'title', 'summary'],
    processTerm: processSearchTerm,
    searchOptions: {
      boost: SEARCH_FIELD_BOOSTS,
      prefix: (term) => term.length >= PREFIX_MINIMUM_LENGTH,
      fuzzy: (term) => (term.length >= FUZZY_MINIMUM_LENGTH ? FUZZY_FRACTION : false),
      combineWith: 'OR',
    },
  });
}

export class ContextSearchIndex {
  private readonly files = new Map<string, IndexedFile>();
  private readonly search = createMiniSearch();
  private readonly folder: ContextFolder;
  private refreshing: Promise<void> | undefined;

  constructor(root: string) {
    // The whole folder: access rules apply when results are read, per asker.
    this.folder = new ContextFolder(root);
  }

  /** Brings the index up to date with the folder; concurrent callers share one walk. */
  refresh(): Promise<void> {
    this.refreshing ??= this.walkAndUpdate().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** The best matches `view` may see, best first. */
  async query(text: string, view: ContextFolder, limit: number): Promise<{ hits: SearchHit[]; total: number }> {
    await this.refresh();
    const results = this.search.search(text).filter((result) => !this.hides(view, String(result.id).slice(1)));
    return { hits: results.slice(0, limit).map(toHit), total: results.length };
  }

  /** Every generated table file `view` may see. */
  async tables(view: ContextFolder): Promise<ContextTable[]> {
    await this.refresh();
    const tables: ContextTable[] = [];
    for (const [relativePath, file] of this.files) if (file.parsed?.table && !this.hides(view, relativePath)) tables.push(file.parsed.table);
    return tables;
  }

  /** The view's filter on an indexed file: its path, and the databases its text names. */
  private hides(view: ContextFolder, relativePath: string): boolean {
    return view.hidesPath(relativePath) || view.hidesNamedDatabases(this.files.get(relativePath)?.databases ?? []);
  }

  private async walkAndUpdate(): Promise<void> {
    const seen = new Set<string>();
    const changed: ContextEntry[] = [];
    if (this.folder.exists()) {
      const rules = this.folder.ignoreRules();
      const top = await this.folder.resolve('/', rules);
      for (const entry of await this.folder.listFilesBelow(top, rules)) {
        if (!INDEXED_EXTENSIONS.test(entry.relativePath) || entry.stats.size > MAX_INDEXED_FILE_BYTES) continue;
        seen.add(entry.relativePath);
        const known = this.files.get(entry.relativePath);
        if (!known || known.modifiedMs !== entry.stats.mtimeMs || known.size !== entry.stats.size) changed.push(entry);
      }
    }
    for (const relativePath of [...this.files.keys()]) if (!seen.has(relativePath)) this.replace(relativePath, undefined);
    // Reads run a batch at a time: one after the other is slow on a first build of thousands of files.
    for (let start = 0; start < changed.length; start += READ_BATCH_SIZE) {
      const batch = changed.slice(start, start + READ_BATCH_SIZE);
      const texts = await Promise.all(batch.map((entry) => readFile(entry.realPath, 'utf8').catch(() => undefined)));
      batch.forEach((entry, position) => {
        const text = texts[position];
        this.replace(entry.relativePath, {
          modifiedMs: entry.stats.mtimeMs,
          size: entry.stats.size,
          parsed: text === undefined ? undefined : parseContextFile(entry.relativePath, text),
          // The target decides (a link named notes/a.txt to verified/hr.yaml names hr), as ContextFolder reads it.
          databases: text === undefined ? [] : databasesNamedInText(entry.realPath, text),
        });
      });
    }
  }

  private replace(relativePath: string, file: IndexedFile | undefined): void {
    const id = `/${relativePath}`;
    if (this.search.has(id)) this.search.discard(id);
    if (!file) {
      this.files.delete(relativePath);
      return;
    }
    this.files.set(relativePath, file);
    if (file.parsed) this.search.add(file.parsed.document);
  }
}

function toHit(result: SearchResult): SearchHit {
  return {
    path: String(result.id),
    kind: result.kind as SearchDocument['kind'],
    databaseFolder: result.databaseFolder as string | undefined,
    title: result.title as string,
    summary: result.summary as string,
    reason: describeMatch(result.match, result.kind as SearchDocument['kind']),
    score: result.score,
  };
}

const sharedIndexes = new Map<string, ContextSearchIndex>();

/** One index per context folder for the whole process: the tools of every turn and the prompt share it. */
export function contextSearchIndexFor(folder: ContextFolder): ContextSearchIndex {
  let index = sharedIndexes.get(folder.root);
  if (!index) {
    index = new ContextSearchIndex(folder.root);
    sharedIndexes.set(folder.root, index);
  }
  return index;
}
