// The artifacts a turn produces, as the channels see them: result tables, charts, story versions
// and the record of every query. The tools write them onto the run's blackboard; the outcome and
// the reply plan carry them to Slack, Teams and the terminal.
import type { JsonValue, QueryRows } from '../databases/types.js';

export interface QueryResult extends QueryRows {
  queryId: string;
  databaseName: string;
  sql: string;
  createdAt: Date;
}

/**
 * The chartType of a PNG that sandboxed code wrote (not drawn by the chart renderer): its title is
 * the file name and is not drawn inside the image, so renderers show it beside the image.
 */
export const SANDBOX_IMAGE_CHART_TYPE = 'image';

export interface ChartArtifact {
  chartId: string;
  queryId: string;
  title: string;
  chartType: string;
  /** The display_chart input, as validated. */
  config: JsonValue;
  /** The Vega-Lite spec the PNG was rendered from (stories and a later web view reuse it). */
  spec: JsonValue;
  png: Buffer;
  /** Pixel size of the PNG (2x the logical size). */
  widthPx: number;
  heightPx: number;
}

export interface StoryArtifact {
  slug: string;
  version: number;
  title: string;
  code: string;
  action: 'create' | 'update' | 'replace';
  summary: string;
}

export interface QueryRun {
  queryId: string | null;
  databaseName: string;
  sql: string;
  rowCount: number | null;
  durationMs: number | null;
  refused: boolean;
  error: string | null;
}
