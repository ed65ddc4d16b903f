// Where an ordered agent result (the gold SQL has an outer ORDER BY: a top-N, a ranking) first
// departs from the gold one, so the reader of a failed case sees the row number and both rows side
// by side instead of only "another order". The agent's columns are lined up with the gold's by the
// mapping the comparer found when the rows are the same in another order; otherwise each gold column
// takes the agent column that agrees with it in the most rows (then the same name, then the same
// position), so one wrong value still shows against the right column.
import type { JsonValue } from '../databases/types.js';
import { comparableValue, displayValue, valuesEqual, type ComparableValue } from './comparable-value.js';

interface OrderedResult {
  columns: string[];
  rows: JsonValue[][];
}

export interface DifferingRow {
  /** 1 for the first row. */
  position: number;
  /** `(column = value, …)` of the gold row. */
  gold: string;
  /** `(column = value, …)` of the agent's row, its columns lined up with the gold's. */
  agent: string;
}

const NULL_VALUE: ComparableValue = { kind: 'null' };

function comparableRows(result: OrderedResult): ComparableValue[][] {
  return result.rows.map((row) => row.map(comparableValue));
}

/** How many rows hold the same value in this gold column and this agent column, row by row. */
function agreement(gold: ComparableValue[][], agent: ComparableValue[][], goldColumn: number, agentColumn: number): number {
  let same = 0;
  for (let index = 0; index < Math.min(gold.length, agent.length); index += 1) {
    if (valuesEqual(gold[index]![goldColumn] ?? NULL_VALUE, agent[index]![agentColumn] ?? NULL_VALUE)) same += 1;
  }
  return same;
}

/** For each gold column, the agent column that best stands for it (each agent column used once while any is left). */
export function lineUpColumns(gold: OrderedResult, agent: OrderedResult): number[] {
  const goldRows = comparableRows(gold);
  const agentRows = comparableRows(agent);
  const used = new Set<number>();
  return gold.columns.map((goldName, goldColumn) => {
    let best = -1;
    let bestScore: [number, number, number] = [-1, -1, -1];
    agent.columns.forEach((agentName, agentColumn) => {
      if (used.has(agentColumn)) return;
      const score: [number, number, number] = [agreement(goldRows, agentRows, goldColumn, agentColumn), agentName.toLowerCase() === goldName.toLowerCase() ? 1 : 0, agentColumn === goldColumn ? 1 : 0];
      if (score[0] > bestScore[0] || (score[0] === bestScore[0] && (score[1] > bestScore[1] || (score[1] === bestScore[1] && score[2] > bestScore[2])))) {
        best = agentColumn;
        bestScore = score;
      }
    });
    if (best >= 0) used.add(best);
    return best;
  });
}

function describeRow(names: readonly string[], values: readonly (JsonValue | undefined)[]): string {
  return `(${names.map((name, index) => `${name} = ${displayValue(values[index])}`).join(', ')})`;
}

/** The first row where the agent's result, read through `mapping`, differs from the gold; undefined when none does. */
export function firstDifferingRow(gold: OrderedResult, agent: OrderedResult, mapping: readonly number[]): DifferingRow | undefined {
  const goldRows = comparableRows(gold);
  const agentRows = comparableRows(agent);
  const agentNames = mapping.map((column) => agent.columns[column] ?? '(none)');
  for (let index = 0; index < Math.max(goldRows.length, agentRows.length); index += 1) {
    const goldRow = goldRows[index];
    const agentRow = agentRows[index];
    const same = goldRow !== undefined && agentRow !== undefined && mapping.every((column, goldColumn) => valuesEqual(goldRow[goldColumn] ?? NULL_VALUE, agentRow[column] ?? NULL_VALUE));
    if (same) continue;
    return {
      position: index + 1,
      gold: goldRow ? describeRow(gold.columns, gold.rows[index]!) : '(no row)',
      agent: agentRow ? describeRow(agentNames, mapping.map((column) => agent.rows[index]![column])) : '(no row)',
    };
  }
  return undefined;
}

/** The words a failure reason ends with: `first difference at row 2: gold (…), agent (…)`. */
export function differingRowText(row: DifferingRow): string {
  return `first difference at row ${row.position}: gold ${row.gold}, agent ${row.agent}`;
}
