// The questions offered when someone opens the assistant pane: one about what can be asked at all,
// then one per table of the databases this person may use here, spread across databases, so the
// first click already runs against real data. No two buttons read the same.
import type { SchemaSummary } from '../databases/types.js';

export interface SuggestedPrompt {
  /** What the button says. */
  title: string;
  /** What is sent as the person's message when they click it. */
  message: string;
}

/** Slack shows at most four suggested prompts. */
export const MAX_SUGGESTED_PROMPTS = 4;
/** Button titles stay short so they fit on one line of the pane. */
const MAX_PROMPT_TITLE_CHARACTERS = 40;

export interface PromptDatabase {
  name: string;
  /** Undefined when the schema is not known (a federated database before sign-in). */
  schema: SchemaSummary | undefined;
}

export function buildSuggestedPrompts(databases: PromptDatabase[]): SuggestedPrompt[] {
  const prompts: SuggestedPrompt[] = [
    {
      title: 'What can I ask?',
      message: databases.length > 0 ? 'Which databases and tables can you query for me, and what is in them?' : 'What can you help me with?',
    },
  ];
  const tablesPerDatabase = databases.map((database) => (database.schema?.tables ?? []).map((table) => ({ database: database.name, table: table.name })));
  // A table name found in several databases (a replica, a staging copy) names its database, so no
  // two buttons read the same; a title that still repeats one already offered is skipped.
  const databasesPerTable = new Map<string, Set<string>>();
  for (const entry of tablesPerDatabase.flat()) databasesPerTable.set(entry.table, (databasesPerTable.get(entry.table) ?? new Set()).add(entry.database));
  const offered = new Set(prompts.map((prompt) => prompt.title));
  // Round robin across databases, so one big warehouse does not take every button.
  for (let index = 0; prompts.length < MAX_SUGGESTED_PROMPTS; index += 1) {
    const round = tablesPerDatabase.map((tables) => tables[index]).filter((entry) => entry !== undefined);
    if (round.length === 0) break;
    for (const entry of round) {
      if (prompts.length >= MAX_SUGGESTED_PROMPTS) break;
      const inSeveral = (databasesPerTable.get(entry.table)?.size ?? 0) > 1;
      const title = shorten(inSeveral ? `Explore ${entry.table} in ${entry.database}` : `Explore ${entry.table}`);
      if (offered.has(title)) continue;
      offered.add(title);
      prompts.push({
        title,
        message: `Give me an overview of the ${entry.table} table in ${entry.database}: how many rows it has and what a typical row looks like.`,
      });
    }
  }
  return prompts;
}

function shorten(title: string): string {
  return title.length <= MAX_PROMPT_TITLE_CHARACTERS ? title : `${title.slice(0, MAX_PROMPT_TITLE_CHARACTERS - 1)}…`;
}
