// How the answer is streamed into Slack (chat.startStream / appendStream / stopStream).

/**
 * At most one appendStream per stream in this interval. The first text goes out at once (the
 * startStream call), so the first words show within one Web API round trip of the model's first
 * token; after that the model's deltas are batched. appendStream is rate-limited at Tier 4 (about 100
 * calls a minute per workspace), and 600 ms keeps one stream at that pace; a 2,000-character answer
 * at a typical model speed then costs about a dozen calls instead of several hundred.
 */
export const STREAM_UPDATE_INTERVAL_MS = 600;

/**
 * Markdown characters in one streamed message before the next text starts a new message. Slack takes
 * up to 12,000 characters per call and per streamed message; the margin leaves room for the task
 * updates it also renders there.
 */
export const MAX_STREAM_MESSAGE_CHARACTERS = 11_000;

/**
 * A streamed message older than this is stopped and the answer goes on in a new one. Slack ends a
 * stream that stays open too long (appends then fail with message_not_in_streaming_state); a
 * turn normally ends well within this.
 */
export const MAX_STREAM_MESSAGE_LIFETIME_MS = 4 * 60_000;
