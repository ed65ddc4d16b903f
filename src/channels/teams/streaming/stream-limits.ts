// How a Teams answer is streamed into a one-to-one chat (the Bot Framework streaming protocol).

/**
 * At most one streaming update per stream in this interval. Teams throttles a bot that updates a
 * stream faster and recommends buffering the model's tokens for 1.5 to 2 seconds per update.
 */
export const STREAM_UPDATE_INTERVAL_MS = 1_500;

/**
 * A stream older than this is ended (its final message holds the text streamed so far) and the
 * answer goes on in a new stream. Teams ends a stream after about two minutes and refuses updates
 * to it from then on; the margin leaves room for one throttled, retried call.
 */
export const MAX_STREAM_MESSAGE_LIFETIME_MS = 100_000;

/** What an interrupted run's stream ends with when the rerun answers anew below it. */
export const INTERRUPTED_STREAM_TEXT = 'I was interrupted while writing this answer; it follows in a new message.';
