// The system prompt: who the agent is, today's date, the databases this asker may use (with a
// compact schema, or the bounded table index of table-index.ts where sync wrote context files), and
// how to use the tools. Only allowed databases are mentioned at all.
import type { ContextFolderSummary } from '../context-files/summarize-folder.js';
import { dialectRules } from '../databases/dialects.js';
import type { Dialect, SchemaSummary } from '../databases/types.js';
import type { DataRange } from './data-ranges.js';
import { describeMemories, type PromptMemories } from '../memory/memory-prompt.js';
import { type IndexedTable, renderTableIndex, tableIndexBudget } from './table-index.js';
import { describeVerifiedExamples, type PromptVerifiedExample } from '../verified/verified-examples-prompt.js';

export interface PromptDatabase {
  name: string;
  dialect: Dialect;
  /** Undefined when introspection failed; the prompt then says so. */
  schema?: SchemaSummary;
  /** The days the data covers, where cheap to know; absent or empty otherwise. */
  dataRanges?: DataRange[];
  federated: boolean;
  /** Ranked tables from the generated context files; when present it replaces the column dump. */
  tableIndex?: IndexedTable[];
  /** The database's folder of generated files, as a virtual path (`/databases/warehouse/`). */
  contextPath?: string;
}

export interface SystemPromptInput {
  today: Date;
  databases: PromptDatabase[];
  platform: string;
  toolNames: string[];
  /** The project context folder's top-level entries, when the context tools are offered. */
  contextFolder?: ContextFolderSummary;
  /** Remembered corrections for the asker's channel and the workspace (already within their budget). */
  memories?: PromptMemories;
  /** The verified queries closest to the question (verified/verified-query-library.ts). */
  verifiedExamples?: PromptVerifiedExample[];
}

export const MAX_SCHEMA_CHARACTERS_PER_DATABASE = 6_000;

export function summariseSchema(schema: SchemaSummary, maximumCharacters = MAX_SCHEMA_CHARACTERS_PER_DATABASE): string {
  const lines: string[] = [];
  let used = 0;
  for (const [index, table] of schema.tables.entries()) {
    const name = table.schema && table.schema !== 'main' && table.schema !== 'public' ? `${table.schema}.${table.name}` : table.name;
    const line = `- ${name}(${table.columns.map((column) => `${column.name} ${column.type}`).join(', ')})`;
    if (used + line.length > maximumCharacters) {
      lines.push(`- … and ${schema.tables.length - index} more tables (query information_schema to list them)`);
      break;
    }
    lines.push(line);
    used += line.length + 1;
  }
  return lines.length > 0 ? lines.join('\n') : '(no tables found)';
}

interface IndexLayout {
  budgetCharacters: number;
  searchOffered: boolean;
}

function describeTables(database: PromptDatabase, layout: IndexLayout): string {
  if (database.tableIndex && database.tableIndex.length > 0) {
    return renderTableIndex(database.tableIndex, layout.budgetCharacters, database.contextPath ?? '/', layout.searchOffered);
  }
  return database.schema ? summariseSchema(database.schema) : '(schema unavailable right now; query information_schema if needed)';
}

/** How many of the schema's tables the column dump shows before it stops (all of them when they fit). */
export function tablesShownInColumnDump(schema: SchemaSummary, maximumCharacters = MAX_SCHEMA_CHARACTERS_PER_DATABASE): number {
  const more = /\n?- … and (\d+) more tables/.exec(summariseSchema(schema, maximumCharacters));
  return more ? schema.tables.length - Number(more[1]) : schema.tables.length;
}

function describeDatabase(database: PromptDatabase, layout: IndexLayout): string {
  const rules = dialectRules(database.dialect);
  const header = `### ${database.name} (${rules.displayName}${database.federated ? ', runs as the asking user' : ''})`;
  const hints = rules.promptHints.map((hint) => `Note: ${hint}\n`).join('');
  const body = describeTables(database, layout);
  return `${header}\n${hints}${body}${describeDataRanges(database.dataRanges ?? [])}`;
}

function describeDataRanges(ranges: DataRange[]): string {
  if (ranges.length === 0) return '';
  return `\nData covers: ${ranges.map((range) => `${range.table}.${range.column} ${range.from} to ${range.to}`).join('; ')}`;
}

function describeContextFolder(summary: ContextFolderSummary): string {
  const entries = summary.lines.length > 0 ? summary.lines.join('\n') : '(the folder is empty)';
  const more = summary.more > 0 ? `\n- … and ${summary.more} more entries (use list)` : '';
  return [
    '## Project context folder',
    'A folder of notes about this business (metric definitions, conventions, example queries, database docs). Paths are virtual: `/` is the folder.',
    'Before writing SQL for a business term you are unsure of, look it up with search / grep / read. Its top level holds:',
    `${entries}${more}`,
  ].join('\n');
}

export function buildSystemPrompt(input: SystemPromptInput): string {
  const today = input.today.toISOString().slice(0, 10);
  const layout: IndexLayout = {
    budgetCharacters: tableIndexBudget(input.databases.filter((database) => (database.tableIndex ?? []).length > 0).length),
    searchOffered: input.toolNames.includes('search'),
  };
  const databases = input.databases.length > 0 ? input.databases.map((database) => describeDatabase(database, layout)).join('\n\n') : 'No database is available to this user here. Say so and suggest asking an admin for access.';
  const has = (name: string) => input.toolNames.includes(name);
  const guidance = [
    '- Answer with data: run SQL with execute_sql rather than guessing. Prefer aggregates in SQL over reading raw rows; results are capped.',
    '- Use the dialect of the database you query. Only read-only queries run; writes are refused.',
    input.databases.some((database) => (database.dataRanges ?? []).length > 0)
      ? '- Read periods relative to today ("last quarter", "this month") against the data ranges above; when a period has no data, say so and name the latest period that has.'
      : '',
    input.databases.length > 1 ? '- Several databases exist: always pass database_id.' : '',
    '- Refer to results by their query_id. Use read_query_result to page through a result instead of re-running a query.',
    has('display_chart') ? '- When a chart makes the answer clearer (trends, comparisons, shares), call display_chart with the query_id. The chart is shown to the user as an image; do not describe it pixel by pixel.' : '',
    has('execute_python')
      ? '- For arithmetic over rows you already fetched (ratios, growth, statistics, reshaping), use execute_python with query_result(query_id) rather than running SQL again or computing in your head.'
      : '',
    has('execute_sandboxed_code')
      ? '- For analysis SQL cannot do (pandas reshaping, statistics, a regression, a forecast, a custom plot), use execute_sandboxed_code with the query_ids in data_files; save plots as PNG in the output folder and they are posted. Keep the sandbox_id to continue in the same sandbox.'
      : '',
    has('web_search') ? '- Use web_search only for facts outside the databases (public events, definitions, benchmarks); say which answers come from the web.' : '',
    has('web_fetch') ? '- Use web_fetch only to read a public web page the user named or a search found; never send it data from the databases.' : '',
    has('clarification') ? '- If the request is genuinely ambiguous and no sensible default exists, call clarification with one question (and 2–5 options). Otherwise make a reasonable assumption and state it.' : '',
    has('suggest_follow_ups') ? '- After answering, call suggest_follow_ups with 1–3 natural next questions.' : '',
    has('remember') ? '- When the user corrects you or states a rule about the data or the business, call remember to propose it as one sentence.' : '',
    '- Write the answer in Markdown for a chat thread: lead with the result, keep it short, state assumptions (periods, filters) and caveats (truncated or limited results).',
    '- Never reveal credentials, tokens or connection strings.',
  ].filter(Boolean);
  const memories = input.memories ? describeMemories(input.memories) : undefined;
  return [
    `You are datathread, a careful data analyst working inside a ${input.platform} conversation. Today is ${today}.`,
    '',
    '## Databases you may query',
    databases,
    ...(input.contextFolder ? ['', describeContextFolder(input.contextFolder)] : []),
    ...(memories ? ['', memories] : []),
    ...(input.verifiedExamples && input.verifiedExamples.length > 0 ? ['', describeVerifiedExamples(input.verifiedExamples)] : []),
    '',
    '## How to work',
    ...guidance,
  ].join('\n');
}
