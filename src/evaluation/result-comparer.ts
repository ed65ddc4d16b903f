// Execution accuracy: does an agent's result equal the gold result? Same multiset of rows (same
// sequence only when the gold SQL orders its result), columns matched by their values, not their
// names or positions; extra columns in the agent's result are allowed when every gold column is
// there. Values compare as comparable-value.ts says (numbers within 1e-6, dates as instants, NULLs
// equal). The reason of a mismatch is written for the report reader; an ordered result that is not
// the gold also says at which row it first departs, with both rows (ordered-row-diff.ts).
import type { JsonValue } from '../databases/types.js';
import { comparableValue, compareForSorting, valuesEqual, type ComparableValue } from './comparable-value.js';
import { differingRowText, firstDifferingRow, lineUpColumns } from './ordered-row-diff.js';

export interface ComparedResult {
  columns: string[];
  rows: JsonValue[][];
}

export type Comparison = { equal: true; columnMapping: number[] } | { equal: false; reason: string };

/** Column assignments tried before giving up: results with many look-alike columns are rare. */
const MAX_ASSIGNMENTS_TRIED = 10_000;

type Matrix = ComparableValue[][];

function columnOf(matrix: Matrix, column: number): ComparableValue[] {
  return matrix.map((row) => row[column] ?? { kind: 'null' });
}

function sequencesEqual(left: ComparableValue[], right: ComparableValue[]): boolean {
  return left.length === right.length && left.every((value, index) => valuesEqual(value, right[index]!));
}

function sortedValues(values: ComparableValue[]): ComparableValue[] {
  return [...values].sort(compareForSorting);
}

function compareRows(left: ComparableValue[], right: ComparableValue[]): number {
  for (let index = 0; index < left.length; index += 1) {
    const order = compareForSorting(left[index]!, right[index]!);
    if (order !== 0) return order;
  }
  return 0;
}

function rowsEqual(gold: Matrix, agent: Matrix, mapping: number[], ordered: boolean): boolean {
  const projected = agent.map((row) => mapping.map((column) => row[column] ?? ({ kind: 'null' } as const)));
  const [left, right] = ordered ? [gold, projected] : [[...gold].sort(compareRows), projected.sort(compareRows)];
  return left.every((row, index) => sequencesEqual(row, right[index]!));
}

/** For each gold column, the agent columns holding the same values (as a multiset, or in sequence). */
function candidateColumns(gold: Matrix, agent: Matrix, goldWidth: number, agentWidth: number, ordered: boolean): number[][] {
  const agentColumns = Array.from({ length: agentWidth }, (_, column) => (ordered ? columnOf(agent, column) : sortedValues(columnOf(agent, column))));
  return Array.from({ length: goldWidth }, (_, goldColumn) => {
    const values = ordered ? columnOf(gold, goldColumn) : sortedValues(columnOf(gold, goldColumn));
    return agentColumns.flatMap((agentValues, agentColumn) => (sequencesEqual(values, agentValues) ? [agentColumn] : []));
  });
}

export function compareResults(gold: ComparedResult, agent: ComparedResult, options: { ordered: boolean }): Comparison {
  const comparison = compareInOrder(gold, agent, options.ordered);
  if (comparison.equal || !options.ordered || gold.rows.length !== agent.rows.length || agent.columns.length < gold.columns.length) return comparison;
  return { equal: false, reason: orderedMismatchReason(gold, agent, comparison.reason) };
}

/** Why an ordered result is not the gold: the same rows in another order, or a row that differs; either way from which row on. */
function orderedMismatchReason(gold: ComparedResult, agent: ComparedResult, reason: string): string {
  const asMultiset = compareInOrder(gold, agent, false);
  if (asMultiset.equal) {
    const row = firstDifferingRow(gold, agent, asMultiset.columnMapping);
    return row ? `the same rows in another order; ${differingRowText(row)}` : reason;
  }
  const row = firstDifferingRow(gold, agent, lineUpColumns(gold, agent));
  return row ? `${reason}; ${differingRowText(row)}` : reason;
}

function compareInOrder(gold: ComparedResult, agent: ComparedResult, ordered: boolean): Comparison {
  const options = { ordered };
  if (gold.rows.length !== agent.rows.length) return { equal: false, reason: `${agent.rows.length} rows instead of ${gold.rows.length}` };
  const goldMatrix = gold.rows.map((row) => row.map(comparableValue));
  const agentMatrix = agent.rows.map((row) => row.map(comparableValue));
  if (gold.columns.length > agent.columns.length) return { equal: false, reason: `${agent.columns.length} columns, fewer than the ${gold.columns.length} of the gold result` };
  const candidates = candidateColumns(goldMatrix, agentMatrix, gold.columns.length, agent.columns.length, options.ordered);
  const missing = candidates.findIndex((list) => list.length === 0);
  if (missing >= 0) {
    const how = options.ordered ? 'in the gold order' : '';
    return { equal: false, reason: `no column holds the values of gold column "${gold.columns[missing]}"${how ? ` ${how}` : ''}` };
  }
  let tried = 0;
  const mapping: number[] = [];
  const used = new Set<number>();
  const search = (goldColumn: number): boolean => {
    if (goldColumn === gold.columns.length) {
      tried += 1;
      return rowsEqual(goldMatrix, agentMatrix, mapping, options.ordered);
    }
    for (const agentColumn of candidates[goldColumn]!) {
      if (used.has(agentColumn) || tried >= MAX_ASSIGNMENTS_TRIED) continue;
      used.add(agentColumn);
      mapping.push(agentColumn);
      if (search(goldColumn + 1)) return true;
      mapping.pop();
      used.delete(agentColumn);
    }
    return false;
  };
  if (search(0)) return { equal: true, columnMapping: [...mapping] };
  return { equal: false, reason: options.ordered ? 'the columns match one by one, but the rows differ or come in another order' : 'the columns match one by one, but the rows combine them differently' };
}
