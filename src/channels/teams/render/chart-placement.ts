// Teams shows a chart inside an answer card, about 500 px wide: charts are drawn for that width
// (charts/chart-layout.ts).
import type { ChartPlacement } from '../../../charts/chart-layout.js';

export const TEAMS_CHART_PLACEMENT: ChartPlacement = 'card_image';
