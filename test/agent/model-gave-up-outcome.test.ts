// When the model keeps calling a database that cannot be reached, the turn's failure names the
// database (what actually failed), not the model's repeated calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversationEngine } from '../../src/conversations/conversation-engine.js';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import { silentLogger } from '../../src/logging/logger.js';
import { randomIdFactory } from '../../src/support/clock-and-ids.js';
import { createEngineHarness, settingsForTest, slackLikeRequest, type EngineHarness } from '../support/engine-harness.js';
import { createScriptedModel } from '../support/scripted-model.js';

let harness: EngineHarness;

beforeAll(async () => {
  harness = await createEngineHarness();
});

afterAll(async () => {
  await harness.close();
});

describe('a model that keeps calling an unreachable database', () => {
  it('is told the database cannot be reached, once, after the third identical call', async () => {
    // Nothing listens on port 1: every connection is refused.
    const down = await createDatabaseAdapter({ name: 'warehouse', type: 'postgres', host: '127.0.0.1', port: 1, user: 'reader', password: 'secret-password', auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false });
    const call = { toolCalls: [{ name: 'execute_sql', input: { sql_query: 'SELECT 1' } }] };
    const scripted = createScriptedModel([call, call, call, { text: 'never asked for' }]);
    const engine = new ConversationEngine({
      store: harness.store, databases: [down], settings: settingsForTest(), accessRules: [], model: scripted.model,
      logger: silentLogger, clock: () => new Date(), createId: randomIdFactory,
    });
    try {
      const result = await engine.handle(slackLikeRequest({ threadId: 'slack:T1:C1:down-again.1' }));
      const outcome = result.kind === 'completed' ? result.outcome : undefined;
      expect(scripted.prompts).toHaveLength(3);
      expect(outcome?.status).toBe('failed');
      expect(outcome?.failure).toEqual({ kind: 'database', message: 'I could not reach warehouse right now. Press Retry in a few minutes; if it keeps failing, tell an admin.', retryable: true });
    } finally {
      await down.close();
    }
  });
});
