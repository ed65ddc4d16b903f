// Character classes the tokenizer reads with, spelled as explicit lists and code point ranges.
// Nothing here uses a Unicode-aware class (`\s`, `\p{…}`): which characters separate tokens is the
// database's decision, and databases disagree. MySQL and PostgreSQL read U+00A0 as part of a name,
// DuckDB and ClickHouse as a space, and the gate's parser (sqlparser-rs, Rust's `char::is_whitespace`)
// as a space in every dialect. Each dialect's rules list the ASCII characters its engine skips
// (LexicalRules.whitespace); every character below that is not on that list is refused outside
// strings, quoted names and comments, because the engine and the parser would read it differently.

/** Space-like characters readers disagree on: not on the dialect's list, they are refused in code. */
const DISPUTED_SPACES = new Map<number, string>([
  [0x00, 'NUL'],
  [0x0b, 'vertical tab'],
  [0x0c, 'form feed'],
  [0x85, 'next line'],
  [0xa0, 'no-break space'],
  [0x1680, 'Ogham space mark'],
  [0x180e, 'Mongolian vowel separator'],
  [0x2000, 'en quad'],
  [0x2001, 'em quad'],
  [0x2002, 'en space'],
  [0x2003, 'em space'],
  [0x2004, 'three-per-em space'],
  [0x2005, 'four-per-em space'],
  [0x2006, 'six-per-em space'],
  [0x2007, 'figure space'],
  [0x2008, 'punctuation space'],
  [0x2009, 'thin space'],
  [0x200a, 'hair space'],
  [0x200b, 'zero-width space'],
  [0x2028, 'line separator'],
  [0x2029, 'paragraph separator'],
  [0x202f, 'narrow no-break space'],
  [0x205f, 'medium mathematical space'],
  [0x3000, 'ideographic space'],
  [0xfeff, 'zero-width no-break space (byte order mark)'],
]);

/** A character the engine and the gate's parser may read differently, outside quotes and comments. */
export function isDisputedSpace(character: string): boolean {
  return DISPUTED_SPACES.has(character.charCodeAt(0));
}

/** `U+00A0 (no-break space)`, for refusal messages. */
export function describeCharacter(character: string): string {
  const code = character.charCodeAt(0);
  const name = DISPUTED_SPACES.get(code);
  const label = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return name === undefined ? label : `${label} (${name})`;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isAsciiDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/**
 * A character that starts an unquoted name: an ASCII letter, `_`, or any character from U+0080 on
 * (MySQL, PostgreSQL, SQLite and ClickHouse take every non-ASCII character as part of a name) that
 * is not a disputed space, which stays out of names so that the refusal sees it.
 */
export function isWordStart(character: string): boolean {
  const code = character.charCodeAt(0);
  return isAsciiLetter(code) || code === 0x5f || (code >= 0x80 && !DISPUTED_SPACES.has(code));
}

/** A character that continues an unquoted name: a word start, an ASCII digit or `$`. */
export function isWordPart(character: string): boolean {
  const code = character.charCodeAt(0);
  return isWordStart(character) || isAsciiDigit(code) || code === 0x24;
}

export function isDigit(character: string | undefined): boolean {
  return character !== undefined && isAsciiDigit(character.charCodeAt(0));
}

/** ASCII control characters and the space: MySQL's `--` is a comment only before one of these. */
export function isAsciiSpaceOrControl(character: string): boolean {
  const code = character.charCodeAt(0);
  return (code >= 0x01 && code <= 0x20) || code === 0x7f;
}
