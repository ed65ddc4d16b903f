import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logging/logger.js';

describe('logger', () => {
  it('writes one JSON line per event and masks registered secrets wherever they appear', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (line) => lines.push(line), secrets: ['xoxb-secret-token', undefined, 'abc'], now: () => new Date('2026-01-02T03:04:05Z') });
    logger.info('posting with xoxb-secret-token', { header: 'Bearer xoxb-secret-token', error: new Error('failed for xoxb-secret-token') });
    logger.debug('hidden at info level');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      time: '2026-01-02T03:04:05.000Z',
      level: 'info',
      message: 'posting with [redacted]',
      header: 'Bearer [redacted]',
      error: { name: 'Error', message: 'failed for [redacted]' },
    });
  });
});
