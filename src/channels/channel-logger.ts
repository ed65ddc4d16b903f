// What a channel adapter logs through: the application's logger fits, and tests pass a recorder.
import type { Logger } from '../logging/logger.js';

export type ChannelLogger = Pick<Logger, 'info' | 'warn' | 'error'>;
