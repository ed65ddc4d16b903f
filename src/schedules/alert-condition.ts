// An alert's condition on a result: the first row's `column` against `value`. Numbers compare as
// numbers (a numeric text cell too); `=` and `!=` compare text when either side is not a number.
// `changes_by_percent` holds when the value moved by at least `value` percent since the last run.
import type { JsonValue, QueryColumn } from '../databases/types.js';
import type { AlertCondition } from '../store/schedule-types.js';

export interface AlertEvaluation {
  holds: boolean;
  /** The first row's value of the column, as a number where it is one. */
  observed: number | string | null;
  /** Why the condition cannot be checked (no such column, no rows), or undefined. */
  problem?: string;
}

function asNumber(value: JsonValue | number | string | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

function compare(operator: Exclude<AlertCondition['operator'], 'changes_by_percent'>, observed: number | string, expected: number | string): boolean {
  const left = asNumber(observed);
  const right = asNumber(expected);
  if (left === undefined || right === undefined) {
    if (operator === '=') return String(observed) === String(expected);
    if (operator === '!=') return String(observed) !== String(expected);
    return false;
  }
  switch (operator) {
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    case '=':
      return left === right;
    case '!=':
      return left !== right;
  }
}

export function evaluateAlert(condition: AlertCondition, columns: QueryColumn[], rows: JsonValue[][], previousValue: number | null): AlertEvaluation {
  const index = columns.findIndex((column) => column.name === condition.column);
  if (index < 0) return { holds: false, observed: null, problem: `The result has no column "${condition.column}" (it has ${columns.map((column) => column.name).join(', ')}).` };
  const cell = rows[0]?.[index];
  if (cell === undefined) return { holds: false, observed: null, problem: 'The query returned no rows.' };
  if (cell === null) return { holds: false, observed: null };
  const observed = asNumber(cell) ?? (typeof cell === 'string' ? cell : JSON.stringify(cell));
  if (condition.operator !== 'changes_by_percent') return { holds: compare(condition.operator, observed, condition.value), observed };
  const threshold = asNumber(condition.value);
  if (typeof observed !== 'number' || threshold === undefined) return { holds: false, observed, problem: 'changes_by_percent needs a numeric column and a numeric value.' };
  if (previousValue === null || previousValue === 0) return { holds: false, observed };
  return { holds: (Math.abs(observed - previousValue) / Math.abs(previousValue)) * 100 >= threshold, observed };
}
