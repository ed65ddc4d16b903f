import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { QueryTimeoutError } from '../../src/databases/errors.js';
import { StoryNotFoundError } from '../../src/store/types.js';
import { DatathreadError, errorMessage } from '../../src/support/errors.js';

describe('datathread errors', () => {
  it('carry a stable code and their own name, and are recognised by instanceof', () => {
    const timeout = new QueryTimeoutError(30_000);
    expect(timeout).toBeInstanceOf(DatathreadError);
    expect(timeout).toBeInstanceOf(Error);
    expect(timeout.code).toBe('query_timeout');
    expect(timeout.name).toBe('QueryTimeoutError');
    expect(new StoryNotFoundError('weekly').code).toBe('story_not_found');
    expect(new ConfigError('datathread.yaml', [{ key: 'agent.max_steps', problem: 'must be positive', fix: 'set 1 or more' }]).code).toBe('config_invalid');
  });

  it('keep the error that started them as the cause', () => {
    const driverError = new Error('socket closed');
    const error = new (class extends DatathreadError {
      readonly code = 'query_failed';
    })('could not finish', { cause: driverError });
    expect(error.cause).toBe(driverError);
  });

  it('give the message of anything thrown', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('plain text')).toBe('plain text');
    expect(errorMessage(42)).toBe('42');
  });
});
