// Bolt and the Web API client log through @slack/logger's interface; this routes their lines into
// the application's structured logger (debug is dropped: it would print request bodies).
import { LogLevel, type Logger as BoltLogger } from '@slack/bolt';
import type { ChannelLogger } from '../../channel-logger.js';

export function createBoltLogger(logger: ChannelLogger): BoltLogger {
  let level: LogLevel = LogLevel.INFO;
  const join = (parts: unknown[]) => parts.map((part) => (part instanceof Error ? part.message : typeof part === 'string' ? part : JSON.stringify(part))).join(' ');
  return {
    debug: () => undefined,
    info: (...parts: unknown[]) => logger.info(join(parts), { source: 'slack-bolt' }),
    warn: (...parts: unknown[]) => logger.warn(join(parts), { source: 'slack-bolt' }),
    error: (...parts: unknown[]) => logger.error(join(parts), { source: 'slack-bolt' }),
    setLevel: (next: LogLevel) => {
      level = next;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}
