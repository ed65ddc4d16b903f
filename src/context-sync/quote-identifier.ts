// Names in the sampling SQL, quoted the way the dialect quotes identifiers, so a table called
// `order` or a column with a space still reads. The quote character comes from the dialect's rules.
import { dialectRules } from '../databases/dialects.js';
import type { Dialect } from '../databases/types.js';

const CLOSING_QUOTES: Record<string, string> = { '"': '"', '`': '`', '[': ']' };

export function identifierQuoter(dialect: Dialect): (name: string) => string {
  const opening = dialectRules(dialect).lexical.identifierQuotes[0] ?? '"';
  const closing = CLOSING_QUOTES[opening] ?? opening;
  return (name) => `${opening}${name.split(closing).join(closing + closing)}${closing}`;
}
