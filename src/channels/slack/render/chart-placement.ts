// Slack shows a chart as an image in the thread, scaled into a 360–480 px preview: charts are drawn
// for that width (charts/chart-layout.ts).
import type { ChartPlacement } from '../../../charts/chart-layout.js';

export const SLACK_CHART_PLACEMENT: ChartPlacement = 'thread_image';
