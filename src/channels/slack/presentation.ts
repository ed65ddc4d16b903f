// How Slack shows a reply, for the engine (turn-runner.ts hands it over with each turn): what it
// draws and which tools it offers depend on it, never on the platform's name.
import type { ChartPlacement } from '../../charts/chart-layout.js';

/** A chart is an image in the thread, scaled into a 360–480 px preview: drawn for that width (charts/chart-layout.ts). */
export const SLACK_CHART_PLACEMENT: ChartPlacement = 'thread_image';

/** A schedule made here posts into the thread's channel, and its proposal has Confirm / Cancel buttons. */
export const SLACK_OFFERS_SCHEDULES = true;
