// How Teams shows a reply, for the engine (turn-runner.ts hands it over with each turn): what it
// draws and which tools it offers depend on it, never on the platform's name.
import type { ChartPlacement } from '../../charts/chart-layout.js';

/** A chart sits inside an answer card, about 500 px wide: drawn for that width (charts/chart-layout.ts). */
export const TEAMS_CHART_PLACEMENT: ChartPlacement = 'card_image';

/** A schedule made here posts proactively into the conversation, and its proposal card has Confirm / Cancel. */
export const TEAMS_OFFERS_SCHEDULES = true;
