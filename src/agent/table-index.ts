// The bounded table index the prompt shows for a database that `datathread sync` has written files
// for, instead of the column dump: schemas with their table counts, then one line per table with
// its first description sentence, ranked (most queried in the audit first, then tables with a
// description or a dbt model, then the rest, schemas taking turns, smaller ones first) and cut at a character budget, so the prompt stays
// the same size whether the warehouse has 300 tables or 30,000. Beyond the budget the model is
// pointed at search, which finds any table by business words.

/**
 * Characters of table index for all databases of one prompt together, shared equally between the
 * databases that have generated files. With the rest of the prompt (~3,000 characters) this keeps a
 * prompt with several databases under 16,000 characters.
 */
export const TABLE_INDEX_BUDGET_CHARACTERS = 8_000;
/** A database never gets less than this, however many share the budget. */
export const MIN_TABLE_INDEX_CHARACTERS_PER_DATABASE = 1_500;
const MAX_SCHEMAS_NAMED = 12;

export interface IndexedTable {
  /** `finance.revenue_daily` */
  qualifiedName: string;
  schema: string;
  /** The first description sentence, or undefined. */
  summary: string | undefined;
  /** Queries in the recent audit that named the table. */
  useCount: number;
  hasDbtModel: boolean;
}

function byName(left: IndexedTable, right: IndexedTable): number {
  return left.qualifiedName < right.qualifiedName ? -1 : left.qualifiedName > right.qualifiedName ? 1 : 0;
}

/**
 * Schemas take turns (each one's tables by name), smaller schemas first in each round: one bulk
 * schema (raw loads, archives) cannot fill the index, and curated marts, which are small, lead.
 */
function schemasTakingTurns(tables: IndexedTable[]): IndexedTable[] {
  const bySchema = new Map<string, IndexedTable[]>();
  for (const table of [...tables].sort(byName)) bySchema.set(table.schema, [...(bySchema.get(table.schema) ?? []), table]);
  const queues = [...bySchema.values()].sort((left, right) => left.length - right.length);
  const ordered: IndexedTable[] = [];
  for (let round = 0; ordered.length < tables.length; round += 1) for (const queue of queues) if (queue[round]) ordered.push(queue[round]!);
  return ordered;
}

/**
 * Most queried first (by query count), then tables with a description or a dbt model, then the
 * rest; within the last two, schemas take turns.
 */
export function rankTables(tables: IndexedTable[]): IndexedTable[] {
  const queried = tables.filter((table) => table.useCount > 0).sort((left, right) => right.useCount - left.useCount || byName(left, right));
  const unqueried = tables.filter((table) => table.useCount === 0);
  const documented = unqueried.filter((table) => table.summary !== undefined || table.hasDbtModel);
  const rest = unqueried.filter((table) => table.summary === undefined && !table.hasDbtModel);
  return [...queried, ...schemasTakingTurns(documented), ...schemasTakingTurns(rest)];
}

export function tableIndexBudget(databasesWithIndex: number): number {
  return Math.max(MIN_TABLE_INDEX_CHARACTERS_PER_DATABASE, Math.floor(TABLE_INDEX_BUDGET_CHARACTERS / Math.max(1, databasesWithIndex)));
}

function schemaLine(tables: IndexedTable[]): string {
  const counts = new Map<string, number>();
  for (const table of tables) counts.set(table.schema || '(no schema)', (counts.get(table.schema || '(no schema)') ?? 0) + 1);
  const schemas = [...counts.entries()].sort(([left, leftCount], [right, rightCount]) => rightCount - leftCount || left.localeCompare(right));
  const named = schemas.slice(0, MAX_SCHEMAS_NAMED).map(([schema, count]) => `${schema} (${count})`);
  const more = schemas.length > MAX_SCHEMAS_NAMED ? ` and ${schemas.length - MAX_SCHEMAS_NAMED} more` : '';
  return `${tables.length} tables in ${schemas.length} ${schemas.length === 1 ? 'schema' : 'schemas'}: ${named.join(', ')}${more}.`;
}

/**
 * The index text for one database. `ranked` comes from rankTables; `folderPath` is where its
 * generated files are (`/databases/warehouse/`); `searchOffered` says whether to point at search.
 */
export function renderTableIndex(ranked: IndexedTable[], budgetCharacters: number, folderPath: string, searchOffered: boolean): string {
  const header = [schemaLine(ranked), `Tables, most used first (columns and comments: read ${folderPath}<schema>/<table>.md):`].join('\n');
  const lines: string[] = [];
  let used = header.length;
  const trailerReserve = 120;
  for (const table of ranked) {
    const line = table.summary ? `- ${table.qualifiedName} — ${table.summary}` : `- ${table.qualifiedName}`;
    if (used + line.length + 1 > budgetCharacters - trailerReserve) break;
    lines.push(line);
    used += line.length + 1;
  }
  const remaining = ranked.length - lines.length;
  if (remaining > 0) {
    lines.push(
      searchOffered
        ? `- ${remaining} more tables: use search{query: "<business words>"} to find the right one.`
        : `- ${remaining} more tables: see ${folderPath}README.md or query information_schema.`,
    );
  }
  return [header, ...lines].join('\n');
}
