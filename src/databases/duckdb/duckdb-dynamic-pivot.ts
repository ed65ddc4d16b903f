// A PIVOT without `IN (…)` after a column (`PIVOT sales ON region USING sum(amount)`) makes DuckDB
// first read the distinct values of the ON expressions from the same source, then pivot on them.
// json_serialize_sql cannot serialize that form, so the proof is made on the form with a fixed
// list, `ON region IN (NULL)`: it holds the same source, ON expressions, aggregates and GROUP BY,
// which are everything the hidden read and the pivot touch. The values in the list touch nothing.
import { tokenizeSql, type SqlToken } from '../../sql/sql-tokenizer.js';
import { duckdbRules } from './duckdb-rules.js';

/** Words that end a simplified PIVOT's ON list. */
const AFTER_ON_LIST = new Set(['USING', 'GROUP', 'ORDER', 'LIMIT']);
const FIXED_VALUES = ' IN (NULL)';

/** `sql` with `IN (NULL)` after every ON expression that has no list, or null when none lacks one. */
export function pivotWithFixedColumnValues(sql: string): string | null {
  const tokens = tokenizeSql(sql, duckdbRules.lexical).tokens;
  const on = tokens.findIndex((token) => token.depth === 0 && isWord(token, 'ON'));
  if (on === -1) return null;
  const items: SqlToken[][] = [[]];
  for (const token of tokens.slice(on + 1)) {
    if (token.depth === 0 && token.kind === 'word' && AFTER_ON_LIST.has(token.text.toUpperCase())) break;
    if (token.depth === 0 && token.kind === 'punctuation' && token.text === ',') items.push([]);
    else items.at(-1)!.push(token);
  }
  const insertAfter = items.filter((item) => item.length > 0 && !item.some((token) => token.depth === 0 && isWord(token, 'IN'))).map((item) => item.at(-1)!.end);
  if (insertAfter.length === 0) return null;
  let result = sql;
  for (const position of insertAfter.reverse()) result = result.slice(0, position) + FIXED_VALUES + result.slice(position);
  return result;
}

function isWord(token: SqlToken, word: string): boolean {
  return token.kind === 'word' && token.text.toUpperCase() === word;
}
