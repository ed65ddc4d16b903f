// A tool call as a streamed answer shows it (Slack's task updates, Teams' informative updates):
// the engine's observer event, named once for both channels.
import type { TurnObserver } from '../conversations/types.js';

export type ToolCallEvent = Parameters<NonNullable<TurnObserver['onToolCallStart']>>[0];
