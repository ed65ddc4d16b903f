import { describe, expect, it } from 'vitest';
import { openStore, UnsupportedStoreUrlError } from '../../src/store/open-store.js';

describe('openStore', () => {
  it('names the accepted forms for an unknown scheme, without echoing credentials', async () => {
    const attempt = openStore('mysql://admin:hunter2@db.example.com/state');
    await expect(attempt).rejects.toBeInstanceOf(UnsupportedStoreUrlError);
    await expect(attempt).rejects.toThrow(
      'Unsupported state store URL with scheme "mysql:". Use sqlite:./path/state.db (a file, relative to the ' +
        'working directory), sqlite::memory: (in memory, lost on exit), or ' +
        'postgres://user:password@host:5432/database (postgresql:// also works).',
    );
    await expect(attempt).rejects.not.toThrow('hunter2');
  });

  it('rejects a value with no scheme and a sqlite URL without a path', async () => {
    await expect(openStore('./state.db')).rejects.toThrow('Unsupported state store URL (no scheme). Use sqlite:');
    await expect(openStore('sqlite:')).rejects.toThrow('Unsupported state store URL "sqlite:" without a path. Use sqlite:');
  });
});
