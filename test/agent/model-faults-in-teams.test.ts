// The same model faults seen from Teams: an activity → the Agents SDK over HTTP → the engine → the
// OpenAI-compatible fake serving the fault → the local Bot Framework connector. In a personal chat
// the answer streams; in a channel it is one message. Either way the fault is said in one activity.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TURN_SENTENCES, UNREADABLE_ANSWER_SENTENCE } from '../../src/conversations/standard-sentences.js';
import { startFakeBotConnector, type FakeBotConnector } from '../fakes/bot-connector-server.js';
import type { ScriptedStep } from '../fakes/openai-server.js';
import { attachmentProblemsIn } from '../channels/teams/adaptive-card-validation.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from '../channels/teams/support/teams-bot.js';
import { channelMention, personalMessage, postActivity } from '../channels/teams/teams-activities.js';
import { createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';

const UNKNOWN_TOOL_SENTENCE =
  "The AI model kept asking for a tool that does not exist (`run_query`), so I stopped after 3 steps. Press Retry or rephrase the question; if it keeps happening, tell an admin (the configured model may not handle datathread's tools).";

let workspace: E2eWorkspace;
let connector: FakeBotConnector;
let running: RunningTeamsBot;
let activityCounter = 0;

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'teams-model-faults', duckdb: ['CREATE TABLE orders (region VARCHAR, amount INTEGER)', "INSERT INTO orders VALUES ('North', 240)"] });
  connector = await startFakeBotConnector();
  running = await startTeamsBot(workspace.variables);
});

afterEach(async () => {
  expect(await attachmentProblemsIn(connector.messages())).toEqual([]);
  connector.clear();
  workspace.fakeModel.discardPending();
});

afterAll(async () => {
  await stopTeamsBot(running);
  await connector.close();
  await workspace.close();
});

/** Asks while the model serves `step` for every request; returns the connector calls and the number of model requests. */
async function askWhileModelServes(place: 'personal chat' | 'channel', step: ScriptedStep) {
  const before = workspace.fakeModel.requests.length;
  workspace.fakeModel.enqueue(...Array.from({ length: 10 }, () => () => step));
  const id = `model-fault-${++activityCounter}`;
  const activity = place === 'personal chat' ? personalMessage(connector.url, id, 'orders by region?') : channelMention(connector.url, id, 'orders by region?');
  expect((await postActivity(running.baseUrl, activity)).status).toBe(200);
  await running.channel.idle();
  return { calls: connector.calls, modelRequests: workspace.fakeModel.requests.length - before };
}

describe.each(['personal chat', 'channel'] as const)('model faults in a Teams %s', (place) => {
  it.each([
    { fault: 'an HTML page with status 200', step: { htmlPage: true }, requests: 1, sentence: UNREADABLE_ANSWER_SENTENCE },
    { fault: 'chunks with an empty choices list', step: { emptyChoices: true }, requests: 1, sentence: UNREADABLE_ANSWER_SENTENCE },
    { fault: 'a tool that does not exist, asked for again and again', step: { toolCalls: [{ name: 'run_query', arguments: { sql: 'SELECT 1' } }] }, requests: 3, sentence: UNKNOWN_TOOL_SENTENCE },
  ])('$fault: said in one activity', async ({ step, requests, sentence }) => {
    const { calls, modelRequests } = await askWhileModelServes(place, step);

    expect(modelRequests).toBe(requests);
    expect(calls.filter((call) => JSON.stringify(call.activity).includes(JSON.stringify(sentence).slice(1, -1)))).toHaveLength(1);
    expect(calls.filter((call) => JSON.stringify(call.activity).includes(TURN_SENTENCES.empty))).toEqual([]);
  });
});
