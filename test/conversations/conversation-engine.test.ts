import { join } from 'node:path';
import { APICallError } from '@ai-sdk/provider';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConversationEngine } from '../../src/conversations/conversation-engine.js';
import type { TurnOutcome, TurnPresentation } from '../../src/conversations/types.js';
import { createLogger } from '../../src/logging/logger.js';
import { createEngineHarness, slackLikeRequest, type EngineHarness } from '../support/engine-harness.js';
import { createScriptedModel, toolResultTexts } from '../support/scripted-model.js';
import { readSqliteRows } from '../support/sqlite-rows.js';

let harness: EngineHarness;

/** The pending clarification as the store wrote it, read from the SQLite file. */
function pendingRows(threadId: string): Promise<Record<string, unknown>[]> {
  return readSqliteRows(join(harness.directory, 'state.db'), 'SELECT question, asked_user_id FROM pending_clarifications WHERE thread_id = ?', [threadId]);
}

beforeEach(async () => {
  harness = await createEngineHarness();
});

afterEach(async () => {
  await harness.close();
});

async function completed(engine: ConversationEngine, request = slackLikeRequest()): Promise<TurnOutcome> {
  const result = await engine.handle(request);
  if (result.kind !== 'completed') throw new Error(`expected a completed turn, got ${result.kind}`);
  return result.outcome;
}

const salesQuery = { name: 'execute_sql', input: { sql_query: 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region', database_id: 'shop' } };

describe('ConversationEngine', () => {
  it('collects the answer from every step, keeps the query and follow-ups, and persists the turn', async () => {
    const scripted = createScriptedModel([
      { text: 'Let me look.', toolCalls: [salesQuery] },
      { text: 'North leads with 300.', toolCalls: [{ name: 'suggest_follow_ups', input: { suggestions: ['And by month?', 'Top customers?'] } }] },
    ]);
    const outcome = await completed(harness.createEngine({ model: scripted.model }));

    expect(outcome.status).toBe('answered');
    expect(outcome.text).toBe('Let me look.\n\nNorth leads with 300.');
    expect(outcome.followUps).toEqual(['And by month?', 'Top customers?']);
    expect(outcome.queries).toHaveLength(1);
    expect(outcome.queries[0]).toMatchObject({ databaseName: 'shop', rowCount: 2, refused: false });
    expect(outcome.tables.map((table) => table.rows)).toEqual([[['North', 300], ['South', 50]]]);
    expect(scripted.prompts).toHaveLength(2);
    expect(toolResultTexts(scripted.prompts[1]!)[0]).toContain('region: North\ntotal: 300');

    const stored = await harness.store.listMessages('slack:T1:C1:1700000000.000100');
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool']);
    const audit = await harness.store.listQueryAudit({ threadId: 'slack:T1:C1:1700000000.000100' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ databaseName: 'shop', rowCount: 2, refused: false, actor: { userId: 'U_ANA' } });
    const saved = await harness.store.getQueryResult('slack:T1:C1:1700000000.000100', outcome.queries[0]!.queryId!);
    expect(saved?.rows).toEqual([['North', 300], ['South', 50]]);
  });

  it('draws charts for the placement the asker\'s channel names, not by the request\'s platform', async () => {
    const first = createScriptedModel([{ toolCalls: [salesQuery] }, { text: 'North: 300.' }]);
    const queryId = (await completed(harness.createEngine({ model: first.model }))).queries[0]!.queryId!;
    const chartCall = { name: 'display_chart', input: { query_id: queryId, chart_type: 'bar', x_axis_key: 'region', x_axis_type: 'category', series: [{ data_key: 'total' }], title: 'Sales' } };
    const drawnFor = async (presentation?: TurnPresentation) => {
      const scripted = createScriptedModel([{ toolCalls: [chartCall] }, { text: 'Drawn.' }]);
      const result = await harness.createEngine({ model: scripted.model }).handle(slackLikeRequest({ text: 'Chart it' }), {}, presentation);
      if (result.kind !== 'completed') throw new Error('expected a completed turn');
      return result.outcome.charts.map((chart) => chart.widthPx);
    };
    // A Teams card is narrower than a Slack preview: 382 and 480 logical pixels, drawn at 2x.
    expect(await drawnFor({ chartPlacement: 'card_image' })).toEqual([764]);
    expect(await drawnFor()).toEqual([960]);
  });

  it("offers scheduling when the asker's channel posts and confirms schedules, not by the request's platform", async () => {
    const first = createScriptedModel([{ toolCalls: [salesQuery] }, { text: 'North: 300.' }]);
    const queryId = (await completed(harness.createEngine({ model: first.model }))).queries[0]!.queryId!;
    const scheduleCall = { name: 'schedule', input: { query_ids: [queryId], cron: '0 9 * * 1', title: 'Sales by region' } };
    const scheduleResult = async (presentation?: TurnPresentation) => {
      const scripted = createScriptedModel([{ toolCalls: [scheduleCall] }, { text: 'Done.' }]);
      const result = await harness.createEngine({ model: scripted.model, scheduleDefaultTimeZone: 'Europe/Berlin' }).handle(slackLikeRequest({ text: 'Every Monday at 9' }), {}, presentation);
      if (result.kind !== 'completed') throw new Error('expected a completed turn');
      return { said: toolResultTexts(scripted.prompts[1]!).at(-1) ?? '', proposals: result.outcome.scheduleProposals ?? [] };
    };
    // A Slack-shaped request from a caller that offers no schedules (the terminal, MCP) is refused.
    const refused = await scheduleResult();
    expect(refused.said).toContain('Schedules can only be made from');
    expect(refused.proposals).toEqual([]);
    const offered = await scheduleResult({ offersSchedules: true });
    expect(offered.said).not.toContain('Schedules can only be made from');
    expect(offered.proposals).toHaveLength(1);
    expect(offered.proposals[0]?.summary).toContain('Sales by region');
  });

  it('replays the earlier turn, tool results included, and reads an earlier result by id after a restart', async () => {
    const first = createScriptedModel([{ toolCalls: [salesQuery] }, { text: 'North: 300.' }]);
    const firstOutcome = await completed(harness.createEngine({ model: first.model }));
    const queryId = firstOutcome.queries[0]!.queryId!;

    const second = createScriptedModel([{ toolCalls: [{ name: 'read_query_result', input: { query_id: queryId, offset: 1 } }] }, { text: 'South: 50.' }]);
    const restarted = harness.createEngine({ model: second.model });
    const outcome = await completed(restarted, slackLikeRequest({ text: 'And the south?' }));

    expect(outcome.text).toBe('South: 50.');
    const prompt = second.prompts[0]!;
    const userTexts = prompt.filter((message) => message.role === 'user').map((message) => JSON.stringify(message.content));
    expect(userTexts).toHaveLength(2);
    expect(userTexts[0]).toContain('What are sales by region?');
    expect(toolResultTexts(prompt)[0]).toContain(`Query ID: ${queryId}`);
    expect(toolResultTexts(second.prompts[1]!).at(-1)).toBe(`Query ID: ${queryId}\nRows 2–2 of 2:\n#2\n\`\`\`\nregion: South\ntotal: 50\n\`\`\``);
  });

  it('pauses on a clarification, persists it, and resumes with the answer after a restart', async () => {
    const first = createScriptedModel([{ toolCalls: [{ name: 'clarification', input: { question: 'Which year?', options: ['2025', '2026'] } }] }]);
    const asked = await completed(harness.createEngine({ model: first.model }), slackLikeRequest({ text: 'Sales?' }));
    expect(asked.status).toBe('clarification');
    expect(asked.clarification).toEqual({ question: 'Which year?', options: ['2025', '2026'] });
    expect(await pendingRows('slack:T1:C1:1700000000.000100')).toEqual([{ question: 'Which year?', asked_user_id: 'U_ANA' }]);

    const second = createScriptedModel([{ text: 'In 2026, 350.' }]);
    const resumed = await completed(harness.createEngine({ model: second.model }), slackLikeRequest({ text: '2026', kind: 'clarification_answer' }));
    expect(resumed.text).toBe('In 2026, 350.');
    const lastUser = second.prompts[0]!.filter((message) => message.role === 'user').at(-1)!;
    expect(JSON.stringify(lastUser.content)).toContain('Answer to your question \\"Which year?\\": 2026');
    expect(await pendingRows('slack:T1:C1:1700000000.000100')).toEqual([]);
  });

  it('runs an event once, whether it comes again under its id or as the same message under another id', async () => {
    const scripted = createScriptedModel([{ text: 'one' }]);
    const engine = harness.createEngine({ model: scripted.model });
    const first = await engine.handle(slackLikeRequest({ eventKey: 'slack-event:Ev1', extraEventKeys: ['slack-message:C1:1.1'] }));
    const retry = await engine.handle(slackLikeRequest({ eventKey: 'slack-event:Ev1', extraEventKeys: ['slack-message:C1:1.1'] }));
    const sameMessage = await engine.handle(slackLikeRequest({ eventKey: 'slack-event:Ev2', extraEventKeys: ['slack-message:C1:1.1'] }));
    expect(first.kind).toBe('completed');
    expect(retry.kind).toBe('duplicate');
    expect(sameMessage.kind).toBe('duplicate');
    expect(scripted.prompts).toHaveLength(1);
  });

  it('runs two messages of one thread one after the other', async () => {
    const events: string[] = [];
    const scripted = createScriptedModel([{ text: 'first', delayMs: 300 }, { text: 'second' }]);
    const engine = harness.createEngine({ model: scripted.model });
    const observe = (name: string) => ({ onStart: () => events.push(`${name} start`) });
    const [a, b] = await Promise.all([
      engine.handle(slackLikeRequest({ text: 'A' }), observe('A')).finally(() => events.push('A end')),
      engine.handle(slackLikeRequest({ text: 'B' }), observe('B')).finally(() => events.push('B end')),
    ]);
    // B starts only once A's turn is persisted: its prompt holds A's answer.
    expect(events.filter((event) => event.endsWith('start'))).toEqual(['A start', 'B start']);
    expect(a.kind === 'completed' && a.outcome.text).toBe('first');
    expect(b.kind === 'completed' && b.outcome.text).toBe('second');
    expect(JSON.stringify(scripted.prompts[1])).toContain('first');
  });

  it('stops a running turn when cancelled', async () => {
    const scripted = createScriptedModel([{ text: 'too late', delayMs: 10_000 }]);
    const engine = harness.createEngine({ model: scripted.model });
    let thinking!: () => void;
    const started = new Promise<void>((resolve) => (thinking = resolve));
    const running = engine.handle(slackLikeRequest(), { onStatus: () => thinking() });
    await started;
    expect(engine.cancel('slack:T1:C1:1700000000.000100')).toBe(true);
    const result = await running;
    expect(result.kind === 'completed' && result.outcome.status).toBe('cancelled');
    expect(engine.cancel('slack:T1:C1:1700000000.000100')).toBe(false);
  });

  it('ends a turn that runs past the turn timeout with a retryable message', async () => {
    const scripted = createScriptedModel([{ text: 'too late', delayMs: 10_000 }]);
    const outcome = await completed(harness.createEngine({ model: scripted.model, settings: { turnTimeoutMs: 1_000 } }));
    expect(outcome.status).toBe('failed');
    expect(outcome.failure).toMatchObject({ kind: 'timeout', retryable: true });
    expect(outcome.failure!.message).toContain('I stopped after 1 seconds');
  });

  it('says plainly when the model service fails, and logs no secret', async () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (line) => lines.push(line), secrets: ['sk-very-secret-value'] });
    const failure = new APICallError({ message: 'boom with sk-very-secret-value', url: 'http://model', requestBodyValues: {}, statusCode: 500, isRetryable: false });
    const scripted = createScriptedModel([{ error: failure }]);
    const outcome = await completed(harness.createEngine({ model: scripted.model, logger }));
    expect(outcome.failure).toEqual({ kind: 'model', message: 'The AI model service failed to answer (HTTP 500). Press Retry in a moment; if it keeps failing, tell an admin.', retryable: true });
    expect(lines.join('\n')).toContain('turn failed');
    expect(lines.join('\n')).not.toContain('sk-very-secret-value');
  });

  it('offers no Retry when the model service rejects the request itself (HTTP 400)', async () => {
    const failure = new APICallError({ message: 'context_length_exceeded', url: 'http://model', requestBodyValues: {}, statusCode: 400, isRetryable: false });
    const outcome = await completed(harness.createEngine({ model: createScriptedModel([{ error: failure }]).model }));
    expect(outcome.failure).toEqual({
      kind: 'model',
      message: 'The AI model service rejected my request (HTTP 400), so trying again would fail the same way. Ask again in a new thread, or more simply; if it keeps happening, tell an admin (the details are in the bot log).',
      retryable: false,
    });
  });

  it('keeps Retry for a request timeout from the model service (HTTP 408)', async () => {
    const failure = new APICallError({ message: 'timeout', url: 'http://model', requestBodyValues: {}, statusCode: 408, isRetryable: false });
    const outcome = await completed(harness.createEngine({ model: createScriptedModel([{ error: failure }]).model }));
    expect(outcome.failure).toMatchObject({ kind: 'model', retryable: true });
  });

  it('answers that no model is configured, and keeps the question', async () => {
    const outcome = await completed(harness.createEngine({ model: undefined }));
    expect(outcome.failure).toMatchObject({ kind: 'not_configured', retryable: false });
    expect(outcome.failure!.message).toContain('No AI model is configured');
    expect(await harness.store.listMessages('slack:T1:C1:1700000000.000100')).toHaveLength(1);
  });

  it('tells the model only about the databases the access rules grant here', async () => {
    const scripted = createScriptedModel([{ toolCalls: [{ name: 'execute_sql', input: { sql_query: 'SELECT * FROM salaries', database_id: 'hr' } }] }, { text: 'no access' }]);
    const engine = harness.createEngine({ model: scripted.model, accessRules: [{ databases: ['shop'], channels: ['C1'] }, { databases: ['hr'], users: ['U_BOSS'] }] });
    await completed(engine);
    const system = JSON.stringify(scripted.prompts[0]![0]);
    expect(system).toContain('### shop (DuckDB)');
    expect(system).not.toContain('hr (DuckDB)');
    expect(toolResultTexts(scripted.prompts[1]!)[0]).toBe('Error: Database "hr" not found. Available databases: shop.');
  });

  it('notes when the step limit ends the turn', async () => {
    const scripted = createScriptedModel([{ toolCalls: [salesQuery] }, { toolCalls: [salesQuery] }]);
    const outcome = await completed(harness.createEngine({ model: scripted.model, settings: { maxSteps: 2 } }));
    expect(outcome.notes?.join('\n')).toContain('I reached my step limit (agent.max_steps)');
    expect(outcome.text).not.toContain('step limit');
  });
});

describe('ConversationEngine and federated sign-in', () => {
  it("re-asks the signed-in person's own question on retry, even when someone else spoke since", async () => {
    const { createDatabaseAdapter } = await import('../../src/databases/create-database-adapter.js');
    const { silentLogger } = await import('../../src/logging/logger.js');
    const { randomIdFactory } = await import('../../src/support/clock-and-ids.js');
    const { settingsForTest } = await import('../support/engine-harness.js');
    const federated = await createDatabaseAdapter({ name: 'finance', type: 'postgres', host: '127.0.0.1', port: 1, auth_mode: 'azure_entra_id', ssl: false, dangerously_allow_writes: false, allow_file_access: false });
    const scripted = createScriptedModel([
      { toolCalls: [{ name: 'execute_sql', input: { sql_query: 'SELECT 1', database_id: 'finance' } }] },
      { text: 'Please sign in.' },
      { text: 'Hello Ben.' },
      { text: 'Now as Ana.' },
    ]);
    const engine = new ConversationEngine({
      store: harness.store, databases: [federated], settings: settingsForTest(), accessRules: [], model: scripted.model,
      logger: silentLogger, clock: () => new Date(), createId: randomIdFactory,
    });
    const asked = await completed(engine, slackLikeRequest({ text: 'Revenue by cost centre?' }));
    expect(asked.signInRequired).toEqual(['finance']);
    expect(toolResultTexts(scripted.prompts[1]!)[0]).toContain('uses auth_mode azure_entra_id');
    await completed(engine, slackLikeRequest({ text: 'Hi!', actor: { platform: 'slack', userId: 'U_BEN' } }));
    await completed(engine, slackLikeRequest({ text: '', kind: 'retry' }));
    const lastUser = scripted.prompts[3]!.filter((message) => message.role === 'user').at(-1)!;
    expect(JSON.stringify(lastUser.content)).toContain('Revenue by cost centre?');
    await federated.close();
  });
});

describe('ConversationEngine and an unreachable database', () => {
  it('tells the model not to retry, and the user plainly, when the database cannot be reached', async () => {
    const { createDatabaseAdapter } = await import('../../src/databases/create-database-adapter.js');
    const { silentLogger } = await import('../../src/logging/logger.js');
    const { randomIdFactory } = await import('../../src/support/clock-and-ids.js');
    const { settingsForTest } = await import('../support/engine-harness.js');
    const down = await createDatabaseAdapter({ name: 'warehouse', type: 'postgres', host: '127.0.0.1', port: 1, user: 'reader', password: 'secret-password', auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false });
    const scripted = createScriptedModel([{ toolCalls: [{ name: 'execute_sql', input: { sql_query: 'SELECT 1' } }] }, {}]);
    const engine = new ConversationEngine({
      store: harness.store, databases: [down], settings: settingsForTest(), accessRules: [], model: scripted.model,
      logger: silentLogger, clock: () => new Date(), createId: randomIdFactory,
    });
    const outcome = await completed(engine, slackLikeRequest({ threadId: 'slack:T1:C1:down.1' }));
    const toolText = toolResultTexts(scripted.prompts[1]!)[0]!;
    expect(toolText).toContain('Database "warehouse" cannot be reached');
    expect(toolText).toContain('do not retry');
    expect(toolText).not.toContain('secret-password');
    expect(outcome.status).toBe('failed');
    expect(outcome.failure).toEqual({
      kind: 'database',
      message: 'I could not reach warehouse right now. Press Retry in a few minutes; if it keeps failing, tell an admin.',
      retryable: true,
    });
    const audit = await harness.store.listQueryAudit({ threadId: 'slack:T1:C1:down.1' });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toContain('cannot be reached');
    await down.close();
  });
});

describe('execute_sql with several statements', () => {
  it('asks the model to send one statement per call, and runs nothing', async () => {
    const scripted = createScriptedModel([{ toolCalls: [{ name: 'execute_sql', input: { sql_query: 'SELECT 1; SELECT 2', database_id: 'shop' } }] }, { text: 'ok' }]);
    const outcome = await completed(harness.createEngine({ model: scripted.model }));
    expect(toolResultTexts(scripted.prompts[1]!)[0]).toBe('Error: The query holds 2 statements; execute_sql runs one. Call it once per statement.');
    expect(outcome.queries).toEqual([]);
  });
});
