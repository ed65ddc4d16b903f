import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TurnObserver } from '../../src/conversations/types.js';
import { createLogger } from '../../src/logging/logger.js';
import { createEngineHarness, slackLikeRequest, type EngineHarness } from '../support/engine-harness.js';
import { createScriptedModel, toolResultTexts } from '../support/scripted-model.js';

let harness: EngineHarness;

beforeEach(async () => {
  harness = await createEngineHarness();
});

afterEach(async () => {
  await harness.close();
});

const threadId = 'slack:T1:C1:1700000000.000100';
const salesQuery = { name: 'execute_sql', input: { sql_query: 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region', database_id: 'shop' } };
const refusedQuery = { name: 'execute_sql', input: { sql_query: 'DELETE FROM sales', database_id: 'shop' } };

/** Records every observer call in order, as "kind:detail" lines. */
function recordingObserver(): { events: string[]; deltas: string[]; observer: TurnObserver } {
  const events: string[] = [];
  const deltas: string[] = [];
  return {
    events,
    deltas,
    observer: {
      onTextDelta: (delta) => {
        deltas.push(delta);
        if (events.at(-1) !== 'text') events.push('text');
      },
      onToolCallStart: (call) => events.push(`start:${call.toolName}:${call.sql ?? ''}`),
      onToolCallEnd: (call) => events.push(`end:${call.toolName}:${call.ok}:${call.sql ?? ''}`),
    },
  };
}

describe('a streamed turn', () => {
  it('streams deltas that join to exactly the persisted answer, blank lines between steps included', async () => {
    const scripted = createScriptedModel([
      { text: '  Let me look.\n', toolCalls: [salesQuery] },
      { text: '\n', toolCalls: [{ name: 'read_query_result', input: { query_id: 'query_missing', offset: 0 } }] },
      { text: 'North leads with **300**.\n\nSouth has 50.  ', toolCalls: [{ name: 'suggest_follow_ups', input: { suggestions: ['And by month?'] } }] },
    ]);
    const { deltas, observer } = recordingObserver();
    const result = await harness.createEngine({ model: scripted.model }).handle(slackLikeRequest(), observer);
    const outcome = result.kind === 'completed' ? result.outcome : undefined;

    expect(outcome?.text).toBe('Let me look.\n\nNorth leads with **300**.\n\nSouth has 50.');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(outcome?.text);
    const stored = await harness.store.listMessages(threadId);
    const assistantTexts = stored
      .filter((message) => message.role === 'assistant')
      .flatMap((message) => (message.content as { content: Array<{ type: string; text?: string }> }).content)
      .filter((part) => part.type === 'text')
      .map((part) => (part.text ?? '').trim())
      .filter((text) => text !== '');
    expect(assistantTexts.join('\n\n')).toBe(deltas.join(''));
  });

  it('reports tool calls in order, with the SQL and whether each succeeded, between the text around them', async () => {
    const scripted = createScriptedModel([
      { text: 'Checking.', toolCalls: [refusedQuery] },
      { toolCalls: [salesQuery] },
      { text: 'North: 300.', toolCalls: [{ name: 'suggest_follow_ups', input: { suggestions: ['By month?'] } }] },
    ]);
    const { events, observer } = recordingObserver();
    const statuses: string[] = [];
    await harness.createEngine({ model: scripted.model }).handle(slackLikeRequest(), { ...observer, onStatus: (status) => statuses.push(status) });

    expect(events).toEqual([
      'text',
      'start:execute_sql:DELETE FROM sales',
      'end:execute_sql:false:DELETE FROM sales',
      `start:execute_sql:${salesQuery.input.sql_query}`,
      `end:execute_sql:true:${salesQuery.input.sql_query}`,
      'text',
      'start:suggest_follow_ups:',
      'end:suggest_follow_ups:true:',
    ]);
    expect(statuses).toEqual(['Thinking…', 'Querying shop…', 'Finishing up…']);
  });

  it('stops mid-stream on Stop: no more text reaches the observer and the turn ends cancelled', async () => {
    const scripted = createScriptedModel([{ text: 'one two three four five six seven eight nine ten', textChunkDelayMs: 60 }]);
    const engine = harness.createEngine({ model: scripted.model });
    const deltas: string[] = [];
    let firstText!: () => void;
    const started = new Promise<void>((resolve) => (firstText = resolve));
    const running = engine.handle(slackLikeRequest(), {
      onTextDelta: (delta) => {
        deltas.push(delta);
        firstText();
      },
    });
    await started;
    expect(engine.cancel(threadId)).toBe(true);
    const result = await running;
    const countAtStop = deltas.length;
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(result.kind === 'completed' && result.outcome.status).toBe('cancelled');
    expect(deltas.length).toBe(countAtStop);
    expect(deltas.join('')).not.toContain('ten');
    const stored = await harness.store.listMessages(threadId);
    expect(stored.map((message) => message.role)).toEqual(['user']);
  });

  it('gives a suggest_follow_ups call that fails validation back to the model, which calls it again, and logs it', async () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (line) => lines.push(line) });
    const scripted = createScriptedModel([
      { text: 'North: 300.', toolCalls: [{ name: 'suggest_follow_ups', input: { suggestions: ['A?', 'B?', 'C?', 'D?'] } }] },
      { toolCalls: [{ name: 'suggest_follow_ups', input: { suggestions: ['A?', 'B?', 'C?'] } }] },
    ]);
    const { events, observer } = recordingObserver();
    const result = await harness.createEngine({ model: scripted.model, logger }).handle(slackLikeRequest(), observer);
    const outcome = result.kind === 'completed' ? result.outcome : undefined;

    expect(outcome?.status).toBe('answered');
    expect(outcome?.followUps).toEqual(['A?', 'B?', 'C?']);
    expect(outcome?.notes).toEqual([]);
    expect(scripted.prompts).toHaveLength(2);
    expect(JSON.stringify(scripted.prompts[1])).toMatch(/Invalid input for tool suggest_follow_ups/);
    expect(events).toEqual(['text', 'start:suggest_follow_ups:', 'end:suggest_follow_ups:false:', 'start:suggest_follow_ups:', 'end:suggest_follow_ups:true:']);
    const failureLine = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.message === 'tool call failed');
    expect(failureLine).toMatchObject({ level: 'warn', toolName: 'suggest_follow_ups', threadId });
    expect(toolResultTexts(scripted.prompts[1]!)).toEqual([]);
  });
});
