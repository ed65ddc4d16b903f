// An alert's line as readers see it: "revenue is above 10,000,000.00 (now 14,082,888.23)". The
// observed value and the threshold are written in the format the column's table shows (grouped
// thousands, money with two decimals, percentages), the same as an answer shows the number.
import type { JsonValue, QueryColumn } from '../databases/types.js';
import { detectColumnFormat } from '../tables/column-format.js';
import { formatCell } from '../tables/format-cell.js';
import { describeAlert } from './schedule-wording.js';
import type { AlertCondition } from '../store/schedule-types.js';

export function alertText(condition: AlertCondition, columns: readonly QueryColumn[], rows: readonly JsonValue[][]): string {
  const index = columns.findIndex((column) => column.name === condition.column);
  const column = columns[index];
  if (!column) return describeAlert(condition);
  const format = detectColumnFormat(column, rows.map((row) => row[index]));
  const show = (value: JsonValue | undefined) => formatCell(value, format, { compact: false });
  // A percentage change's threshold is a percent of the value, not a value of the column.
  const threshold = condition.operator === 'changes_by_percent' ? condition.value : show(condition.value);
  return `${describeAlert({ ...condition, value: threshold })} (now ${show(rows[0]?.[index])})`;
}
