// What the ranked search holds for each file of the context folder: a table file that sync wrote
// (its name, description, columns, their comments and sampled values, its dbt model), or any other
// text file (dbt metric docs under `semantics/`, hand-written notes) by its title and text.
import { databaseFolderOf } from './database-folders.js';
import { type ContextTable, firstSentence, parseGeneratedTableFile } from './generated-table-file.js';

/** Text beyond this is not indexed: the folder is for notes, and the first part says what a file is about. */
export const MAX_INDEXED_DOCUMENT_CHARACTERS = 20_000;

export interface SearchDocument {
  /** The virtual path, also the document id. */
  id: string;
  kind: 'table' | 'document';
  /** The database folder for files under `databases/<folder>/`. */
  databaseFolder: string | undefined;
  /** `main.revenue_daily` for a table, the first heading (or file name) for a document. */
  title: string;
  /** One line to show with a result: the table's first description sentence; empty for documents. */
  summary: string;
  /** The table name, for the search to weigh high. */
  name: string;
  description: string;
  columns: string;
  columnComments: string;
  values: string;
  text: string;
}

function titleOf(path: string, text: string): string {
  const heading = /^#\s+(.+)$/m.exec(text.slice(0, 2_000))?.[1]?.trim();
  return heading ?? path.slice(path.lastIndexOf('/') + 1);
}

function tableDocument(table: ContextTable): SearchDocument {
  return {
    id: table.path,
    kind: 'table',
    databaseFolder: table.databaseFolder,
    title: table.qualifiedName,
    summary: table.description ? firstSentence(table.description) : '',
    name: table.qualifiedName,
    description: [table.description ?? '', table.dbtModel ?? ''].join(' ').trim(),
    columns: table.columns.map((column) => column.name).join(' '),
    columnComments: table.columns.map((column) => column.description).join(' \n '),
    values: table.columns.flatMap((column) => column.frequentValues).join(' '),
    text: '',
  };
}

export interface ParsedContextFile {
  document: SearchDocument;
  /** Set for a generated table file: the prompt's index reads it. */
  table: ContextTable | undefined;
}

/** Undefined for files the search leaves out: the generated database index (`databases/<db>/README.md`), which only repeats the table files. */
export function parseContextFile(relativePath: string, text: string): ParsedContextFile | undefined {
  const path = `/${relativePath}`;
  const databaseFolder = databaseFolderOf(relativePath);
  if (databaseFolder !== undefined) {
    const segments = relativePath.split('/');
    if (segments.length === 3 && segments[2] === 'README.md') return undefined;
    const table = segments.length === 4 && relativePath.endsWith('.md') ? parseGeneratedTableFile(path, databaseFolder, text) : undefined;
    if (table) return { document: tableDocument(table), table };
  }
  const body = text.slice(0, MAX_INDEXED_DOCUMENT_CHARACTERS);
  const title = titleOf(path, body);
  return {
    document: { id: path, kind: 'document', databaseFolder, title, summary: '', name: `${relativePath} ${title}`, description: '', columns: '', columnComments: '', values: '', text: body },
    table: undefined,
  };
}
