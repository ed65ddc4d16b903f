// A streamed answer through the real core: signed Slack event → Bolt → turn job → ConversationEngine
// (DuckDB, SQLite state, the streaming OpenAI-compatible fake) → chat.*Stream on the fake Slack API.
// What Slack shows is what the conversation keeps.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../src/application.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../fakes/slack-api-server.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';
import { findButton } from './support/slack-requests.js';

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;

const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';

beforeAll(async () => {
  fixture = await startEngineFixture();
});

afterAll(async () => {
  await fixture.close();
});

beforeEach(async () => {
  slack = await startFakeSlackApi({ streaming: {} });
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com' });
  application = await fixture.open();
  harness = await startSlackHarness({ handler: application.engine, slack });
});

afterEach(async () => {
  expect(problemsInCalls(slack.calls)).toEqual([]);
  expect(fixture.model.pending()).toBe(0);
  await harness.close();
  await application.close();
  await slack.close();
});

describe('Slack streaming end to end', () => {
  it('streams the model text and the query task, keeps the same text in the history, then posts the buttons', async () => {
    fixture.model.enqueue(
      { text: 'Let me query the sales.', toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] },
      { text: 'North sold **300**, South 50.', toolCalls: [{ name: 'suggest_follow_ups', arguments: { suggestions: ['Sales by month?'] } }] },
    );
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> sales by region?', channel: 'C1', ts: '60.1' });
    const controls = await slack.waitFor(() => slack.threadMessages('C1', '60.1').find((message) => findButton(message.blocks ?? [], 'datathread_follow_up_0')));

    const streamed = slack.threadMessages('C1', '60.1').filter((message) => message.chunks !== undefined);
    expect(streamed).toHaveLength(1);
    expect(streamed[0]!.text).toBe('Let me query the sales.\n\nNorth sold **300**, South 50.');
    const tasks = (streamed[0]!.chunks as Array<{ type: string; title?: string; status?: string; details?: string }>).filter((chunk) => chunk.type === 'task_update');
    expect(tasks.map((task) => `${task.title}:${task.status}`)).toEqual(['Querying warehouse:in_progress', 'Querying warehouse:complete']);
    expect(tasks[0]!.details).toBe(SALES_SQL);
    const thread = slack.threadMessages('C1', '60.1');
    expect(thread.indexOf(controls)).toBeGreaterThan(thread.indexOf(streamed[0]!));
    expect(thread.filter((message) => message.text.includes('North sold'))).toHaveLength(1);

    // The conversation keeps exactly the text that was shown.
    const stored = await application.store.listMessages('slack:T1:C1:60.1');
    const kept = stored
      .filter((message) => message.role === 'assistant')
      .flatMap((message) => (message.content as { content: Array<{ type: string; text?: string }> }).content)
      .filter((part) => part.type === 'text')
      .map((part) => (part.text ?? '').trim())
      .filter((text) => text !== '')
      .join('\n\n');
    expect(kept).toBe(streamed[0]!.text);
  });
});
