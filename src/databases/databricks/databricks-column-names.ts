// The Databricks driver hands each row as an object keyed by column name, so a second column
// with the same name (`a.id, b.id`) overwrites the first in every row. Rather than show one value
// twice, the query fails with what to change; the model can alias the columns and ask again.
import { QueryFailedError } from '../errors.js';

export function refuseDuplicateColumnNames(names: readonly string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) {
      throw new QueryFailedError(
        `The result has two columns named "${name}", and Databricks' driver returns one value per column name. Give each column its own name (for example a.${name} AS ${name}_a, b.${name} AS ${name}_b) and run the query again.`,
      );
    }
    seen.add(name);
  }
}
