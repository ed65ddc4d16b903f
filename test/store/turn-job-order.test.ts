// A thread's turn jobs are claimed in the order they were enqueued, on PostgreSQL, where two
// replicas enqueue at once. The case that broke it: an enqueue that drew its place in the queue (the
// table's id) first but committed last, because its transaction stalled between the two (a paused
// process, a starved CPU), while a later question of the same thread committed and was claimed. A
// trigger on the scratch database makes the first enqueue stall exactly there.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';

const STALL_SECONDS = 1;

let database: ScratchDatabase;
let stores: Store[];

beforeAll(async () => {
  database = await createScratchDatabase('turn_job_order');
  stores = [await openStore(database.url), await openStore(database.url)];
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(`
      CREATE FUNCTION stall_marked_job() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.job_id LIKE '%:stalls' THEN PERFORM pg_sleep(${STALL_SECONDS}); END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER stall_marked_job AFTER INSERT ON turn_jobs FOR EACH ROW EXECUTE FUNCTION stall_marked_job();
    `);
  } finally {
    await client.end();
  }
});

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await database?.drop();
});

function job(threadId: string, jobId: string) {
  return { jobId, threadId, platform: 'slack' as const, payload: { request: { text: jobId }, reply: {} }, createdAt: new Date() };
}

describe('turn job order on PostgreSQL', () => {
  it('does not claim a later question of a thread while an earlier one is still being enqueued on another store', async () => {
    const threadId = 'slack:T1:C1:order-1';
    const claimed: string[] = [];
    const first = stores[0]!.enqueueTurnJob(job(threadId, `${threadId}:first:stalls`), ['event:first'], new Date(Date.now() + 60_000));
    // The first enqueue is inside its transaction (stalled after its insert) when the second starts.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = stores[1]!.enqueueTurnJob(job(threadId, `${threadId}:second`), ['event:second'], new Date(Date.now() + 60_000));
    const claimer = (async () => {
      const deadline = Date.now() + 10_000;
      while (claimed.length < 2 && Date.now() < deadline) {
        const now = new Date();
        const claim = await stores[1]!.claimTurnJob('replica-b', now, new Date(now.getTime() + 60_000));
        if (!claim) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        claimed.push(claim.jobId);
        await stores[1]!.finishTurnJob(claim.jobId, 'replica-b', 'done', new Date());
      }
    })();
    expect(await Promise.all([first, second])).toEqual([true, true]);
    await claimer;
    expect(claimed).toEqual([`${threadId}:first:stalls`, `${threadId}:second`]);
  });
});
