// Generates SELECT statements that hide marker clauses (`, 7 AS mk_3`) among the lexical constructs
// engines disagree on: comment kinds (`--` followed by a space, a control character, a Unicode space
// or nothing; `#`; `//`; flat and nested `/* */`; MySQL's executable `/*! */`), quotes ('…', "…",
// `…`, […]), escapes (backslash, doubled quotes, E'…', dollar quotes) and Unicode spaces. Each
// construct is placed where every plausible reading still parses: an opener, the marker clause, a
// line comment, then the opener's closer and a line break (a polyglot), so whichever way an engine
// reads the opener, it answers with rows and the columns say where the marker went.
import fc from 'fast-check';

/** Stands for the next marker name while a statement is assembled; numbered when it is finished. */
const MARKER = '\u0000MARKER\u0000';
/** Stands for the second statement (with its own marker) while a statement is assembled. */
const SECOND = '\u0000SECOND\u0000';

export interface GeneratedStatement {
  sql: string;
  /** The marker names, in order of appearance (mk_01, mk_02, …). */
  markers: string[];
}

export interface GeneratorOptions {
  /**
   * The second statement a split hides (`SELECT 9 AS <marker>` by default). SQLite's driver runs only
   * the first statement of a text, so its probe spots a second one by the error that calling the
   * marker as a function raises (`SELECT <marker>()`).
   */
  secondStatement?: (marker: string) => string;
  /**
   * Quote characters the engine has no use for at all (PostgreSQL's backticks and brackets): an
   * opener made of one is a syntax error in every reading, so it would only lower the share of
   * statements that reach a comparison. They still appear inside comments and strings.
   */
  foreignQuotes?: readonly string[];
}

/** Characters JavaScript's `\s` or some engine reads as space; engines differ on every one. */
export const UNICODE_SPACES = [
  '\u00A0', '\u1680', '\u180E', '\u2000', '\u2003', '\u2007', '\u200A', '\u200B', '\u2028', '\u2029', '\u202F', '\u205F', '\u3000', '\uFEFF', '\u0085',
] as const;
const ASCII_SPACES = [' ', '\t', '\n', '\r', '\f', '\v'] as const;
const CONTROL_CHARACTERS = ['\u0001', '\u001F', '\u007F'] as const;

const spaceCharacter = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ASCII_SPACES) },
  { weight: 3, arbitrary: fc.constantFrom(...UNICODE_SPACES) },
  { weight: 1, arbitrary: fc.constantFrom(...CONTROL_CHARACTERS) },
);

/** What follows `--` or `#`: decides whether it opens a comment in the MySQL family and ClickHouse. */
const afterCommentOpener = fc.oneof(
  fc.constant(' '),
  fc.constant(''),
  spaceCharacter,
  fc.constantFrom('1', 'x', '!', '-', '#', "'", '/*'),
);

const lineEnd = fc.constantFrom('\n', '\n', '\r\n', '\r', '\u2028', '\u0085');

/** Text inside comments and strings: the characters that end or open other constructs. */
const bodyPiece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'b c', '1', ' ', 'x_y') },
  { weight: 3, arbitrary: fc.constantFrom("'", '"', '`', '\\', '\\\\', "''", '""', '[', ']', ']]', '$$', '$a$', '$_$') },
  { weight: 3, arbitrary: fc.constantFrom('--', '-- ', '#', '# ', '//', '/*', '*/', '/*!', ';', '*', '/', '-') },
  { weight: 2, arbitrary: spaceCharacter },
);
const body = fc.array(bodyPiece, { maxLength: 4 }).map((pieces) => pieces.join(''));
/**
 * A block comment's body: a `/*` inside makes every dialect's gate refuse the statement (nested
 * comments), so it is kept rare there, or most statements would test nothing.
 */
const blockBody = fc
  .tuple(body, fc.nat(9))
  .map(([text, roll]) => (roll === 0 ? text : text.replaceAll('/*', '/ *')).replaceAll('*/', '* /'));
/** A body without line breaks, for line comments whose end is placed explicitly. */
const lineBody = body.map((text) => text.replace(/[\n\r\u2028\u2029\u0085]/g, ' '));

const unicodeSpace = fc.constantFrom(...UNICODE_SPACES);

/**
 * Space or comments between two tokens. Unicode spaces are rare here: most engines read them as
 * part of a name, which makes most places a syntax error; the marker clause glues them to its name.
 */
const gap: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constant(' ') },
  { weight: 2, arbitrary: fc.array(fc.constantFrom(...ASCII_SPACES), { minLength: 1, maxLength: 3 }).map((spaces) => ` ${spaces.join('')} `) },
  { weight: 1, arbitrary: unicodeSpace.map((space) => ` ${space} `) },
  { weight: 2, arbitrary: blockBody.map((text) => ` /*${text}*/ `) },
  { weight: 1, arbitrary: fc.tuple(lineBody, lineEnd).map(([text, end]) => ` --${text}${end}`) },
  { weight: 1, arbitrary: fc.tuple(lineBody).map(([text]) => ` -- ${text}\n`) },
);

const digit = fc.integer({ min: 1, max: 9 }).map(String);

/**
 * `, 7 AS <marker>`, with gaps of their own; sometimes a Unicode space touches the marker, which an
 * engine reads either as space (the column is the marker) or as part of the name (it is not).
 */
const markerClause = fc
  .tuple(gap, digit, gap, gap, fc.option(unicodeSpace, { freq: 4 }), fc.option(unicodeSpace, { freq: 4 }))
  .map(([before, value, afterValue, afterAs, leading, trailing]) => `${before},${value}${afterValue}AS${afterAs}${leading ?? ''}${MARKER}${trailing ?? ''}`);

/**
 * Something that opens a comment, string or name in some dialects and not in others, where it
 * stands (a value, an alias, after a value) and what closes it where it is an opener.
 */
interface Opener {
  text: string;
  closer: string;
}
const openerAt = (position: string, openers: readonly (readonly [string, string])[]): fc.Arbitrary<Opener> =>
  fc.constantFrom(...openers).map(([text, closer]) => ({ text: `${position}${text}`, closer }));
const stringOpener = openerAt(', ', [
  ["'x\\'", "'"], ["E'x\\'", "'"], ["e'\\'", "'"], ["N'x\\'", "'"], ["'x''", "'"], ["''\\'", "'"], ["'\\\\'", "'"], ["X'", "'"], ["b'", "'"],
  ['"x\\"', '"'], ['"x""', '"'], ['$$', '$$'], ['$a$', '$a$'], ['$_$', '$_$'], ['$1$', '$1$'], ['$A$', '$a$'], ["r'\\", "'"], ['R"\\', '"'],
]);
const nameOpener = openerAt(', 5 AS ', [
  ['"x\\"', '"'], ['`x\\`', '`'], ['[x', ']'], ['[x]]', ']'], ['"x""', '"'], ['`x``', '`'], ['"', '"'], ['`', '`'],
]);
const commentOpener = fc.oneof(
  openerAt(', 5', [[' /*', '*/'], [' /* /* */', '*/'], [' /*/* */', '*/'], [' /*!', '*/'], [' /*!99999', '*/'], [' /*!50000', '*/'], [' /*M!', '*/'], [' /*M!99999', '*/'], [' /*+', '*/'], [' //', '']]),
  fc.tuple(fc.constantFrom(' --', ' #', ' ---', '--'), afterCommentOpener).map(([dashes, after]) => ({ text: `, 5${dashes}${after}`, closer: '' })),
);
const anyOpener = fc.oneof(stringOpener, nameOpener, commentOpener);

const anyCloser = fc.constantFrom("'", '"', '`', ']', '$$', '$a$', '*/', '');

/** A line comment that hides the closer when the opener was read as code. */
const hidingComment = fc.oneof(
  { weight: 4, arbitrary: fc.constant(' -- ') },
  { weight: 1, arbitrary: fc.constant(' # ') },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(' --', ' #'), afterCommentOpener).map(([dashes, after]) => `${dashes}${after}`) },
);

/** The opener's own closer mostly; sometimes another one, which only some readings accept. */
const closerFor = (open: Opener): fc.Arbitrary<string> => fc.oneof({ weight: 5, arbitrary: fc.constant(open.closer) }, { weight: 1, arbitrary: anyCloser });

const quoteBody = fc.array(fc.oneof({ weight: 3, arbitrary: bodyPiece }, { weight: 1, arbitrary: markerClause }), { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join(''));

/** A string literal as a value, its body holding quotes, escapes and perhaps a marker clause. */
const stringValue = fc
  .tuple(fc.constantFrom("'", '"', "E'", "N'", '$$', '$a$', "r'"), quoteBody, gap)
  .map(([open, text, after]) => {
    const close = open.startsWith('$') ? open : open.slice(-1);
    return `,${after}${open}${text}${close}`;
  });

/** `5 --1`: MySQL reads 5 - -1 where PostgreSQL reads a comment. */
const minusOrComment = fc
  .tuple(fc.constantFrom('--', '---', '-- -'), afterCommentOpener, markerClause, lineEnd)
  .map(([dashes, after, clause, end]) => `, 5 ${dashes}${after}${clause}${end}`);

/** A comment that holds a marker clause among other constructs. */
const commentWithMarker = fc.tuple(fc.constantFrom(' /*', ' /*!', ' /*M!', ' /*!00000', ' /*!99999'), blockBody, markerClause, blockBody).map(
  ([open, before, clause, after]) => `${open}${before}${clause}${after}*/ `,
);

export function generatedStatement(options: GeneratorOptions = {}): fc.Arbitrary<GeneratedStatement> {
  const secondStatement = options.secondStatement ?? ((marker: string) => `SELECT 9 AS ${marker}`);
  const foreign = options.foreignQuotes ?? [];
  const native = (text: string): boolean => !foreign.some((quote) => text.includes(quote));
  const opener = anyOpener.filter((open) => native(open.text));

  /** opener, marker clause, line comment, closer, line break: valid whichever way the opener is read. */
  const polyglot = opener.chain((open) =>
    fc.tuple(markerClause, hidingComment, closerFor(open), lineEnd).map(([clause, hide, close, end]) => `${open.text}${clause}${hide}${close}${end}`),
  );
  /** A quoted name as an alias, its body holding a marker clause and escapes. */
  const quotedAlias = fc
    .tuple(digit, gap, fc.constantFrom(...['"', '`', '['].filter(native)), quoteBody)
    .map(([value, before, open, text]) => `, ${value}${before}AS ${open}${text}${open === '[' ? ']' : open}`);
  const segment = fc.oneof(
    { weight: 2, arbitrary: markerClause },
    { weight: 6, arbitrary: polyglot },
    { weight: 2, arbitrary: stringValue },
    { weight: 2, arbitrary: quotedAlias },
    { weight: 2, arbitrary: minusOrComment },
    { weight: 2, arbitrary: commentWithMarker },
    { weight: 1, arbitrary: gap },
  );
  /** A `;` in code or hidden in a polyglot, then a second statement whose column is a marker. */
  const split = fc.oneof(
    fc.tuple(gap, gap).map(([before, after]) => `${before};${after}${SECOND}`),
    opener.chain((open) => fc.tuple(hidingComment, closerFor(open), lineEnd).map(([hide, close, end]) => `${open.text} ; ${SECOND}${hide}${close}${end}`)),
  );
  return fc
    .tuple(fc.array(segment, { minLength: 1, maxLength: 3 }), fc.option(split, { freq: 4 }), gap)
    .map(([segments, tail, end]) => assemble(`SELECT 0 AS c0${segments.join('')}${tail ?? ''}${end}`, secondStatement));
}

function assemble(template: string, secondStatement: (marker: string) => string): GeneratedStatement {
  const markers: string[] = [];
  const nextMarker = (): string => {
    // Two digits, so no marker's name holds another's (mk_01 is not inside mk_12).
    const name = `mk_${String(markers.length + 1).padStart(2, '0')}`;
    markers.push(name);
    return name;
  };
  const sql = template
    .split(SECOND)
    .map((part, index) => (index === 0 ? part : secondStatement(MARKER) + part))
    .join('')
    .split(MARKER)
    .map((part, index) => (index === 0 ? part : nextMarker() + part))
    .join('');
  return { sql, markers };
}
