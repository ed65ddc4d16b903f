// Words a read-only query must not contain anywhere outside strings and comments. Some hints are
// read by the parser in several shapes: SQL Server's `FROM t WITH (UPDLOCK)` becomes a hint list,
// the older `FROM t (UPDLOCK)` table-function arguments, `FROM t AS a (UPDLOCK)` a column list. A
// check on the syntax tree would have to know every shape; a check on tokens sees the word itself.
// A quoted name counts too (`[UPDLOCK]`), so quoting cannot slip a hint past the check.

import type { DialectRules, RefusedWordRule } from '../databases/dialect-rules.js';
import type { SqlToken } from './sql-tokenizer.js';

const rulesByWord = new WeakMap<DialectRules, Map<string, RefusedWordRule>>();

/** The refusal for the first refused word in `statement`, or null. */
export function refusalForRefusedWords(statement: readonly SqlToken[], rules: DialectRules): string | null {
  if (rules.refusedWords === undefined) return null;
  const byWord = wordIndex(rules);
  for (const token of statement) {
    const word = wordOf(token);
    if (word === null) continue;
    const rule = byWord.get(word);
    if (rule !== undefined) return `${rule.label} ${word} is not allowed: ${rule.reason}.`;
  }
  return null;
}

function wordIndex(rules: DialectRules): Map<string, RefusedWordRule> {
  let index = rulesByWord.get(rules);
  if (index === undefined) {
    index = new Map((rules.refusedWords ?? []).flatMap((rule) => rule.words.map((word) => [word, rule] as const)));
    rulesByWord.set(rules, index);
  }
  return index;
}

/** A word, or the name inside "…", […] or `…` quotes, in upper case. */
function wordOf(token: SqlToken): string | null {
  if (token.kind === 'word') return token.text.toUpperCase();
  if (token.kind === 'quotedIdentifier' && token.text.length >= 2) return token.text.slice(1, -1).trim().toUpperCase();
  return null;
}
