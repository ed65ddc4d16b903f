// A state-store outage is told as such: with the real PostgreSQL state store's database gone, a
// turn run through the shared channel turn runner posts the store sentence (not "could not reach
// the AI model service"), and the failure classifier names the store for a failure inside a turn.
import { afterEach, describe, expect, it } from 'vitest';
import { runChannelTurn } from '../../src/channels/turn-runner.js';
import { classifyFailure, isStoreOutage } from '../../src/conversations/classify-failure.js';
import { ConversationEngine } from '../../src/conversations/conversation-engine.js';
import { TURN_SENTENCES } from '../../src/conversations/standard-sentences.js';
import { silentLogger } from '../../src/logging/logger.js';
import { randomIdFactory } from '../../src/support/clock-and-ids.js';
import { openPostgresStore } from '../../src/store/postgres-store.js';
import type { SqlStore } from '../../src/store/sql-store.js';
import { StoreUnavailableError } from '../../src/store/store-unavailable.js';
import { settingsForTest, slackLikeRequest } from '../support/engine-harness.js';
import { createScriptedModel } from '../support/scripted-model.js';
import { createScratchDatabase } from '../support/postgres-database.js';

let store: SqlStore | undefined;

afterEach(async () => {
  await store?.close();
  store = undefined;
});

describe('a state-store outage', () => {
  it('is told to the user as a store outage by the channel turn runner', async () => {
    const scratch = await createScratchDatabase('dt_store_out');
    store = openPostgresStore(scratch.url);
    await store.migrate();
    const scripted = createScriptedModel([{ text: 'never reached' }]);
    const engine = new ConversationEngine({ store, databases: [], settings: settingsForTest(), accessRules: [], model: scripted.model, logger: silentLogger, clock: () => new Date(), createId: randomIdFactory });
    await scratch.drop();

    const posted: string[] = [];
    const logged: string[] = [];
    await runChannelTurn({ channelName: 'Slack', chartPlacement: 'thread_image', offersSchedules: true, handler: engine, logger: { info: () => undefined, warn: () => undefined, error: (message) => void logged.push(message) } }, slackLikeRequest({ eventKey: 'slack-event:Ev1' }), {
      onStart: async () => undefined,
      postReply: async () => void posted.push('an answer'),
      postInterrupted: async (sentence) => void posted.push(sentence),
      finish: async () => undefined,
    });
    expect(posted).toEqual([TURN_SENTENCES.storeUnavailable]);
    expect(posted[0]).not.toContain('AI model');
    expect(logged).toEqual(['Slack turn failed before an answer could be posted.']);
    expect(scripted.prompts).toHaveLength(0);
  });

  it('is named by the failure classifier even when the driver error looks like a refused connection', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const outage = new StoreUnavailableError('The state store cannot be reached: connect ECONNREFUSED 127.0.0.1:5432', { cause: refused });
    expect(isStoreOutage(new Error('turn failed', { cause: outage }))).toBe(true);
    expect(classifyFailure(outage, undefined, 60_000)).toEqual({ kind: 'internal', message: TURN_SENTENCES.storeUnavailable, retryable: true });
    // The same refused connection from the model's side is still a model outage.
    expect(classifyFailure(refused, undefined, 60_000).message).toContain('could not reach the AI model service');
  });
});
