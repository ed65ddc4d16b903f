// Text the database and the gate's parser would read differently. The gate's tokenizer reads text
// as the database does; the parser (sqlparser-rs) has its own lexer, which takes every Unicode
// space for a space, `#` for a comment in its MySQL, Snowflake and BigQuery dialects, `$tag$` for a
// string, and no escapes in E'…'. Where the two readings could differ, code the parser never sees
// would run in the database, so the statement is refused with what to write instead.

import type { DialectRules, ParserDialect } from '../databases/dialect-rules.js';
import { describeCharacter } from './lexical-characters.js';
import type { LexicalDisagreement, SqlTokenization } from './sql-tokenizer.js';

/** Parser dialects whose lexer takes `#` for the start of a line comment (checked on the parser). */
const PARSER_DIALECTS_WITH_HASH_COMMENTS = new Set<ParserDialect>(['mysql', 'snowflake', 'bigquery']);

/** Parser dialects whose lexer has no dollar-quoted strings (`$$` is code to them, as to the engine). */
const PARSER_DIALECTS_WITHOUT_DOLLAR_QUOTES = new Set<ParserDialect>(['mysql', 'sqlite']);

/** The refusal for the first construct the parser would read differently from the database, or null. */
export function refusalForLexicalDifferences(tokenization: SqlTokenization, rules: DialectRules): string | null {
  const disagreement = tokenization.disagreements.find(
    (found) => found.kind !== 'unsupported-dollar-quote' || !PARSER_DIALECTS_WITHOUT_DOLLAR_QUOTES.has(rules.parserDialect),
  );
  if (disagreement !== undefined) return refusalForDisagreement(disagreement, rules);
  if (tokenization.hasNestedBlockComment) {
    return 'Nested block comments (a /* inside a /* … */ comment) are not allowed: the statement gate cannot be sure where they end. Remove the inner comment.';
  }
  if (tokenization.hasUnicodeEscape) {
    return 'Unicode escapes (U&\'…\' or U&"…") are not allowed: the statement gate cannot check what they spell. Write the text or name plainly.';
  }
  if (!rules.lexical.hashLineComments && PARSER_DIALECTS_WITH_HASH_COMMENTS.has(rules.parserDialect) && tokenization.tokens.some((token) => token.kind === 'punctuation' && token.text === '#')) {
    return `# is not a comment on ${rules.displayName}, but the statement gate's parser reads one there, so the two would read the rest of the line differently. Write comments with -- or /* … */.`;
  }
  if (rules.lexical.backslashEscapesInIdentifiers && tokenization.tokens.some((token) => token.kind === 'quotedIdentifier' && token.text.includes('\\'))) {
    // The gate's reader and the parser end a quoted name at its next lone quote; the database takes
    // `\`` for part of the name and reads on, so text the gate sees as code may be a name to the
    // database and the other way round. All three agree up to the first backslash, so refusing every
    // quoted name that holds one closes the gap.
    return `Backslashes in quoted names (\`…\\…\` or "…\\…") are not allowed on ${rules.displayName}: the statement gate cannot be sure where such a name ends. Write the name without backslashes.`;
  }
  if (rules.lexical.parserMisreadsEscapeStrings && tokenization.hasBackslashEscapeString) {
    return `Escape strings with backslashes (E'…\\…') are not allowed on ${rules.displayName}: the statement gate reads them differently from ${rules.displayName}. Use a plain '…' string.`;
  }
  return null;
}

function refusalForDisagreement(disagreement: LexicalDisagreement, rules: DialectRules): string {
  const name = rules.displayName;
  switch (disagreement.kind) {
    case 'disputed-space':
      return `The character ${describeCharacter(disagreement.text)} at position ${disagreement.position + 1} is not allowed outside quotes and comments on ${name}: ${name} does not read it as a space (it may take it as part of a name), while the statement gate's parser does. Replace it with a plain space.`;
    case 'lone-carriage-return':
      return `A carriage return without a line feed inside a line comment (position ${disagreement.position + 1}) is not allowed on ${name}: whether it ends the comment is not documented for ${name}. End lines with a line feed.`;
    case 'tagged-dollar-quote':
      return `${disagreement.text} … ${disagreement.text} is not a string on ${name} (only $$ … $$ is), but the statement gate's parser reads one, so the two would disagree on what runs. Use '…' or $$ … $$.`;
    case 'dollar-quote':
      return `${disagreement.text} … ${disagreement.text} text is not allowed on ${name}: the statement gate's parser cannot read it as ${name} does. Use a '…' string.`;
    case 'unsupported-dollar-quote':
      return `${disagreement.text} … ${disagreement.text} is not a string on ${name}, but the statement gate's parser reads one, so the two would disagree on what runs. Use a '…' string.`;
  }
}
