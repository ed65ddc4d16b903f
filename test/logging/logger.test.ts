import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logging/logger.js';
import { DatabaseUnavailableError, QueryFailedError } from '../../src/databases/errors.js';

function captureLogger() {
  const lines: string[] = [];
  const logger = createLogger({ write: (line) => lines.push(line), secrets: ['xoxb-secret-token', undefined, 'abc'], now: () => new Date('2026-01-02T03:04:05Z') });
  return { lines, logger };
}

describe('logger', () => {
  it('writes one JSON line per event and masks registered secrets wherever they appear', () => {
    const { lines, logger } = captureLogger();
    logger.info('posting with xoxb-secret-token', { header: 'Bearer xoxb-secret-token', error: new Error('failed for xoxb-secret-token') });
    logger.debug('hidden at info level');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('xoxb-secret-token');
    expect(JSON.parse(lines[0]!)).toEqual({
      time: '2026-01-02T03:04:05.000Z',
      level: 'info',
      message: 'posting with [redacted]',
      header: 'Bearer [redacted]',
      error: { name: 'Error', message: 'failed for [redacted]', stack: expect.stringMatching(/^Error: failed for \[redacted\]\n\s+at /) },
    });
  });

  it('writes the stack and the whole chain of causes, with their codes, secrets masked at every level', () => {
    const { lines, logger } = captureLogger();
    const driverError = Object.assign(new Error('connect ECONNREFUSED with password xoxb-secret-token'), { code: 'ECONNREFUSED' });
    const unavailable = new DatabaseUnavailableError('shop', 'connection refused', { cause: driverError });
    logger.error('turn failed', { error: new QueryFailedError('the query could not run', { cause: unavailable }) });
    expect(lines[0]).not.toContain('xoxb-secret-token');
    const { error } = JSON.parse(lines[0]!) as { error: Record<string, unknown> };
    expect(error).toMatchObject({
      name: 'QueryFailedError',
      code: 'query_failed',
      message: 'the query could not run',
      cause: {
        name: 'DatabaseUnavailableError',
        code: 'database_unavailable',
        message: 'Database "shop" cannot be reached: connection refused',
        cause: { name: 'Error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED with password [redacted]' },
      },
    });
    const innermost = (error.cause as { cause: { stack: string } }).cause;
    expect(innermost.stack).toMatch(/^Error: connect ECONNREFUSED with password \[redacted\]\n\s+at /);
    expect(error.stack).toMatch(/^QueryFailedError: the query could not run\n\s+at /);
  });

  it('stops following causes after five levels, so a cycle cannot hang or flood the log', () => {
    const { lines, logger } = captureLogger();
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    (first as { cause?: unknown }).cause = second;
    logger.warn('cyclic', { error: second });
    let level = (JSON.parse(lines[0]!) as { error: { cause: unknown } }).error;
    let depth = 0;
    while (typeof level.cause === 'object') {
      level = level.cause as { cause: unknown };
      depth += 1;
    }
    expect(depth).toBe(5);
    expect(level.cause).toBe('Error: second (further causes left out)');
  });

  it('writes a cause that is not an Error as text', () => {
    const { lines, logger } = captureLogger();
    logger.error('odd failure', { error: new Error('wrapped', { cause: 'xoxb-secret-token was refused' }) });
    expect((JSON.parse(lines[0]!) as { error: { cause: unknown } }).error.cause).toBe('[redacted] was refused');
  });
});
