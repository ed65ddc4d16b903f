// Where a marker went, as the gate reads a statement and as an engine ran it: in code (a column
// named exactly the marker), in a string (a value holds it), in a name (a column name holds it
// among other text: a quoted name, or a word the engine glued to a neighbouring character) or in a
// comment (nowhere in the answer). Both sides answer the same question, so they can be compared.
import { parse } from '@guanmingchiu/sqlparser-ts';
import type { DialectRules } from '../../../src/databases/dialect-rules.js';
import { executableCommentReadings } from '../../../src/sql/executable-comments.js';
import { refusalForLexicalDifferences } from '../../../src/sql/lexical-refusals.js';
import { textForParser } from '../../../src/sql/parser-text.js';
import { checkReadOnly, type Dialect } from '../../../src/sql/statement-gate.js';
import { splitStatements, tokenizeSql, type SqlTokenization } from '../../../src/sql/sql-tokenizer.js';

export type SpanReading = 'code' | 'string' | 'name' | 'comment';

/** One result set as an engine returned it: column names, and every value as text. */
export interface ResultSet {
  columns: string[];
  values: string[];
}

export type EngineAnswer =
  | {
      outcome: 'rows';
      resultSets: ResultSet[];
      /** How many statements the engine found, when it says (a driver that runs only the first may not). */
      statementCount?: number;
      /** Markers the engine ran as code in a way the result sets do not show (SQLite: a called function). */
      markersRunAsCode?: string[];
    }
  | { outcome: 'error'; message: string };

/**
 * What an engine's answer cannot tell apart, beyond its lexer. SQLite and MariaDB name an unaliased
 * column after its source text, trailing comment included (`5 /* mk_01 *\/` is a column named so);
 * SQLite reads a "name" it cannot resolve as a string; MariaDB takes a string after AS for a name.
 */
export interface EngineAmbiguities {
  columnNamesEchoText?: boolean;
  stringsAndNamesAlike?: boolean;
  /**
   * The probe's driver splits a text into statements by its own rules, not the server's (chdb runs
   * a text as clickhouse-local does: it drops a statement after `; /*…*\/` and a lone `'`, where a
   * ClickHouse server refuses every text of more than one statement): only single statements compare.
   */
  clientSplitsStatements?: boolean;
}

/** Every reading the engine's answer allows for the marker (one, unless the engine is ambiguous). */
export function engineReadings(answer: EngineAnswer & { outcome: 'rows' }, marker: string, ambiguities: EngineAmbiguities = {}): Set<SpanReading> {
  const reading = engineReading(answer, marker);
  const readings = new Set<SpanReading>([reading]);
  if (ambiguities.stringsAndNamesAlike && (reading === 'string' || reading === 'name')) {
    readings.add('string');
    readings.add('name');
  }
  if (ambiguities.columnNamesEchoText && reading === 'name') readings.add('comment');
  return readings;
}

function engineReading(answer: EngineAnswer & { outcome: 'rows' }, marker: string): SpanReading {
  const lower = marker.toLowerCase();
  const columns = answer.resultSets.flatMap((set) => set.columns.map((column) => column.toLowerCase()));
  if (columns.includes(lower) || answer.markersRunAsCode?.includes(marker)) return 'code';
  if (answer.resultSets.some((set) => set.values.some((value) => value.toLowerCase().includes(lower)))) return 'string';
  if (columns.some((column) => column.includes(lower))) return 'name';
  return 'comment';
}

export interface GateReading {
  /** The tokenizer's reading of each marker; two readings when an executable comment may or may not run. */
  tokenizer: Map<string, Set<SpanReading>>;
  /** Statements the tokenizer found (per executable-comment reading). */
  statementCounts: Set<number>;
  /** The parser's reading of each marker (per executable-comment reading), when the gate allowed the statement. */
  parser: Map<string, Set<SpanReading>> | null;
  /** The gate refuses the statement because it cannot be sure how the database reads it. */
  lexicalRefusal: string | null;
}

export function gateReading(sql: string, markers: readonly string[], dialect: Dialect, rules: DialectRules): GateReading {
  const tokenization = tokenizeSql(sql, rules.lexical);
  // The gate checks every text the database may run: with each executable comment's content, and
  // without, and again in each of those texts (a skipped comment may uncover another), as it does.
  const checked: SqlTokenization[] = [];
  const readingsOf = (text: string, tokens: SqlTokenization): { text: string; tokens: SqlTokenization }[] => {
    checked.push(tokens);
    if (tokens.executableComments.length === 0) return [{ text, tokens }];
    return executableCommentReadings(text, tokens.executableComments).flatMap((reading) => readingsOf(reading, tokenizeSql(reading, rules.lexical)));
  };
  const readings = readingsOf(sql, tokenization);
  const lexicalRefusal = checked.map((tokens) => refusalForLexicalDifferences(tokens, rules)).find((refusal) => refusal !== null) ?? null;
  const tokenizer = new Map<string, Set<SpanReading>>(markers.map((marker) => [marker, new Set<SpanReading>()]));
  const statementCounts = new Set<number>();
  for (const reading of readings) {
    statementCounts.add(splitStatements(reading.tokens.tokens).length);
    for (const marker of markers) tokenizer.get(marker)!.add(tokenReading(reading.text, reading.tokens, marker));
  }
  let parser: Map<string, Set<SpanReading>> | null = null;
  if (lexicalRefusal === null && checkReadOnly(sql, { dialect, allowFileAccess: false }).allowed) {
    parser = new Map(markers.map((marker) => [marker, new Set<SpanReading>()]));
    for (const reading of readings) {
      // What the gate's parser reads: the text with the comments the tokenizer found blanked out.
      const parsed = parserReadings(textForParser(reading.text, reading.tokens, rules.lexical.rawStrings === true, rules.lexical.parserMisreadsLetterPrefixedStrings === true), markers, rules);
      for (const marker of markers) parser.get(marker)!.add(parsed?.get(marker) ?? 'comment');
    }
  }
  return { tokenizer, statementCounts, parser, lexicalRefusal };
}

function tokenReading(sql: string, tokenization: SqlTokenization, marker: string): SpanReading {
  const offset = sql.indexOf(marker);
  if (offset === -1) return 'comment'; // blanked out with its executable comment
  const token = tokenization.tokens.find((candidate) => candidate.start <= offset && offset < candidate.end);
  if (token === undefined) return 'comment';
  if (token.kind === 'string') return 'string';
  if (token.kind === 'quotedIdentifier') return 'name';
  if (token.kind === 'word' && token.text.toLowerCase() === marker) return 'code';
  return 'name';
}

/** Reads the parser's syntax tree: an identifier named the marker is code, one holding it a name. */
function parserReadings(sql: string, markers: readonly string[], rules: DialectRules): Map<string, SpanReading> | null {
  let tree: unknown;
  try {
    tree = parse(sql, rules.parserDialect);
  } catch {
    return null; // the gate rewrote or requoted the text before its parser read it: nothing to compare
  }
  const found = new Map<string, SpanReading>();
  const note = (marker: string, reading: SpanReading): void => {
    const rank: SpanReading[] = ['comment', 'name', 'string', 'code'];
    if (rank.indexOf(reading) > rank.indexOf(found.get(marker) ?? 'comment')) found.set(marker, reading);
  };
  const visit = (node: unknown, key: string): void => {
    if (key === 'optimizer_hints') return; // a hint's text is a comment to every engine here
    if (typeof node === 'string') {
      for (const marker of markers) if (node.toLowerCase().includes(marker)) note(marker, 'string');
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (typeof record.value === 'string' && 'span' in record) {
      const name = record.value.toLowerCase();
      for (const marker of markers) {
        if (name === marker && record.quote_style === undefined) note(marker, 'code');
        else if (name.includes(marker)) note(marker, 'name');
      }
      return;
    }
    for (const [childKey, child] of Object.entries(record)) visit(child, childKey);
  };
  visit(tree, '');
  return new Map(markers.map((marker) => [marker, found.get(marker) ?? 'comment']));
}
