import pg from 'pg';
import { expect, test } from 'vitest';
import { UserPools } from '../../src/databases/user-pools.js';

test('one pool per person and token; idle pools are closed and forgotten', async () => {
  const created: string[] = [];
  const ended: string[] = [];
  const pools = new UserPools<pg.Pool>((credential) => {
    created.push(credential.userName);
    const pool = new pg.Pool({ host: 'host.invalid' });
    const end = pool.end.bind(pool);
    pool.end = (async () => {
      ended.push(credential.userName);
      await end();
    }) as typeof pool.end;
    return pool;
  }, 50);
  const alice = pools.poolFor({ userName: 'alice', accessToken: 'token-1' });
  expect(pools.poolFor({ userName: 'alice', accessToken: 'token-1' })).toBe(alice);
  expect(pools.poolFor({ userName: 'alice', accessToken: 'token-2' })).not.toBe(alice);
  pools.poolFor({ userName: 'bob', accessToken: 'token-1' });
  expect(created).toEqual(['alice', 'alice', 'bob']);
  expect(pools.size).toBe(3);
  await expect.poll(() => pools.size, { timeout: 2_000 }).toBe(0);
  expect(ended.sort()).toEqual(['alice', 'alice', 'bob']);
  await pools.closeAll();
});
