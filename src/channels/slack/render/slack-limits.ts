// Slack's documented Block Kit and message limits. One place, so the renderer, the splitter and the
// test validator agree on the same numbers (PLATFORM-NOTES.md lists where they come from).

export const MAX_BLOCKS_PER_MESSAGE = 50;
export const MAX_SECTION_TEXT_CHARACTERS = 3_000;
export const MAX_BUTTON_TEXT_CHARACTERS = 75;
export const MAX_BUTTON_VALUE_CHARACTERS = 2_000;
export const MAX_ACTIONS_ELEMENTS = 25;
export const MAX_TABLE_ROWS = 100;
export const MAX_TABLE_CELLS_PER_ROW = 20;
/** data_table: 100 data rows under the header, 1–20 columns (data-table-block reference). */
export const MAX_DATA_TABLE_DATA_ROWS = 100;
export const MAX_DATA_TABLE_COLUMNS = 20;
/** table and data_table: the text of all cells of one table, and of all tables of one message. */
export const MAX_TABLE_CHARACTERS = 10_000;
/** Rows per data_table page (Slack allows 1–100, default 5): ten reads as a screenful in a thread. */
export const DATA_TABLE_PAGE_SIZE_ROWS = 10;
/** Our cut for one data_table cell, so one long value cannot use up the table's 10,000 characters. */
export const MAX_DATA_TABLE_CELL_CHARACTERS = 500;
/** Slack renders at most one table block per message (a data_table counts as one here too). */
export const MAX_TABLES_PER_MESSAGE = 1;

/**
 * Our own budget for the text of one message. Slack accepts more, but clients fold long messages
 * behind "Show more" and the notification text is capped; four sections per message reads well.
 */
export const MESSAGE_TEXT_BUDGET_CHARACTERS = 12_000;

/** The notification / accessibility fallback `text` of a message with blocks. */
export const FALLBACK_TEXT_CHARACTERS = 300;

/**
 * Beyond this many characters of mrkdwn the answer no longer belongs in chat: a preview is posted
 * and the full Markdown is uploaded as a file (about five full messages).
 */
export const ANSWER_FILE_THRESHOLD_CHARACTERS = 40_000;

/** `chat.update` of the working message: at most one per second (Tier 3 allows ~50 per minute). */
export const STATUS_UPDATE_INTERVAL_MS = 1_000;
