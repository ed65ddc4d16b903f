// Compares the gate's reading of a statement with an engine's: every marker must sit in the same
// kind of span (code, string, name, comment) for the gate's tokenizer, for its parser (when the gate
// lets the statement run) and for the engine, and both must count the same statements. A statement
// the gate refuses because it cannot be sure how the database reads it (a nested comment, a
// backslash in a ClickHouse name…) needs no agreement: it never runs.
import fc from 'fast-check';
import { dialectRules } from '../../../src/databases/dialects.js';
import type { Dialect } from '../../../src/sql/statement-gate.js';
import { engineReadings, gateReading, type EngineAmbiguities, type EngineAnswer } from './marker-reading.js';
import { generatedStatement, type GeneratorOptions } from './statement-generator.js';

export type EngineProbe = (sql: string) => Promise<EngineAnswer>;

const overlap = <T>(first: ReadonlySet<T>, second: ReadonlySet<T>): boolean => [...first].some((item) => second.has(item));
const spelled = (readings: ReadonlySet<string>): string => [...readings].join(' or ');

export interface DifferentialTally {
  cases: number;
  /** Cases whose markers were compared (the engine answered with rows, the gate did not refuse lexically). */
  compared: number;
  engineErrors: number;
  gateLexicalRefusals: number;
  differences: string[];
}

export function emptyTally(): DifferentialTally {
  return { cases: 0, compared: 0, engineErrors: 0, gateLexicalRefusals: 0, differences: [] };
}

/** Markers of a hand-written or stored statement: every mk_NN in it. */
export function markersIn(sql: string): string[] {
  return [...new Set(sql.match(/mk_\d\d/g) ?? [])];
}

/** The first disagreement between the gate and the engine on this statement, or null. */
export async function differenceFor(
  sql: string,
  markers: readonly string[],
  engine: { dialect: Dialect; probe: EngineProbe; ambiguities?: EngineAmbiguities },
  tally: DifferentialTally,
): Promise<string | null> {
  const { dialect, probe } = engine;
  tally.cases += 1;
  // The engine first: a statement it refuses to read runs nowhere, and the gate's parser is the slow half.
  const answer = await probe(sql);
  if (answer.outcome === 'error') {
    tally.engineErrors += 1;
    return null;
  }
  const gate = gateReading(sql, markers, dialect, dialectRules(dialect));
  if (gate.lexicalRefusal !== null) {
    tally.gateLexicalRefusals += 1;
    return null;
  }
  if (engine.ambiguities?.clientSplitsStatements && (answer.resultSets.length > 1 || [...gate.statementCounts].some((count) => count > 1))) {
    tally.engineErrors += 1;
    return null;
  }
  tally.compared += 1;
  const problems: string[] = [];
  for (const marker of markers) {
    const readings = engineReadings(answer, marker, engine.ambiguities);
    const tokenizer = gate.tokenizer.get(marker)!;
    if (!overlap(readings, tokenizer)) problems.push(`${marker}: engine reads ${spelled(readings)}, gate tokenizer reads ${spelled(tokenizer)}`);
    const parser = gate.parser?.get(marker);
    if (parser !== undefined && !overlap(readings, parser)) problems.push(`${marker}: engine reads ${spelled(readings)}, gate parser reads ${spelled(parser)}`);
  }
  if (answer.statementCount !== undefined && !gate.statementCounts.has(answer.statementCount)) {
    problems.push(`engine runs ${answer.statementCount} statement(s), gate tokenizer counts ${[...gate.statementCounts].join(' or ')}`);
  }
  if (problems.length === 0) return null;
  const difference = `${visible(sql)}\n  ${problems.join('\n  ')}`;
  tally.differences.push(difference);
  return difference;
}

export interface DifferentialRun {
  dialect: Dialect;
  probe: EngineProbe;
  ambiguities?: EngineAmbiguities;
  cases: number;
  seed: number;
  generator?: GeneratorOptions;
}

/**
 * Checks generated statements and stops at the first difference, which fast-check shrinks to a
 * short statement before reporting it (the test then fails with that statement).
 */
export async function assertNoDifference(run: DifferentialRun): Promise<DifferentialTally> {
  const tally = emptyTally();
  await fc.assert(
    fc.asyncProperty(generatedStatement(run.generator), async (statement) => {
      const difference = await differenceFor(statement.sql, statement.markers, run, tally);
      if (difference !== null) throw new Error(`The gate reads this statement differently from the engine: ${difference}`);
    }),
    { numRuns: run.cases, seed: run.seed, endOnFailure: false },
  );
  return tally;
}

/** Checks every generated statement and collects every difference (the long run). */
export async function collectDifferences(run: DifferentialRun): Promise<DifferentialTally> {
  const tally = emptyTally();
  const BATCH = 1_000;
  for (let done = 0; done < run.cases; done += BATCH) {
    const statements = fc.sample(generatedStatement(run.generator), { numRuns: Math.min(BATCH, run.cases - done), seed: run.seed + done });
    for (const statement of statements) await differenceFor(statement.sql, statement.markers, run, tally);
  }
  return tally;
}

/** The statement as a JavaScript string literal with every character outside printable ASCII escaped. */
export function visible(sql: string): string {
  return `'${[...sql].map((character) => (character === "'" || character === '\\' ? `\\${character}` : character >= ' ' && character <= '~' ? character : `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)).join('')}'`;
}
