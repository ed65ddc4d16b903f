// The rows a chart is checked against and drawn from: a query result's columns and rows. Its own
// file because both the validator and the data preparation read it, and the validator depends on
// the chart types that prepare the data.
import type { JsonValue, QueryColumn } from '../databases/types.js';

export interface ChartSourceRows {
  columns: QueryColumn[];
  rows: JsonValue[][];
}
