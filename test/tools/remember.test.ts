// The remember tool on a real SQLite store: a channel memory applies at once and is noted for the
// thread, a workspace one waits for a verifier, refusals come back to the model with their reason,
// list shows only what this asker may see here, and forget follows the verifier rule.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentSettings } from '../../src/config/agent-settings.js';
import { MemoryDecisions } from '../../src/memory/memory-decisions.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { createRememberTool, renderRememberResult } from '../../src/tools/remember.js';
import { ToolContext } from '../../src/tools/tool-context.js';

const settings: AgentSettings = { model: 'test-model', maxSteps: 8, turnTimeoutMs: 60_000, queryTimeoutMs: 10_000, rowCap: 1000, enabledTools: ['remember'] };
const NOW = new Date('2026-11-02T09:00:00Z');

let store: Store;
let idCounter = 0;

beforeEach(async () => {
  store = await openStore('sqlite::memory:');
  idCounter = 0;
});

afterEach(async () => {
  await store.close();
});

function contextFor(options: { userId?: string; channelId?: string; databases?: string[]; verifiers?: string[] } = {}): ToolContext {
  return new ToolContext({
    threadId: `slack:T1:${options.channelId ?? 'C1'}:100.1`,
    actor: { platform: 'slack', userId: options.userId ?? 'UANA', displayName: 'ana' },
    settings,
    databases: (options.databases ?? ['shop']).map((name) => ({ name }) as DatabaseAdapter),
    store,
    now: () => NOW,
    createId: (prefix) => `${prefix}${String(++idCounter).padStart(8, '0')}`,
    memory: { channelId: options.channelId ?? 'C1', decisions: new MemoryDecisions(store.memories, options.verifiers ?? ['UVERA']) },
  });
}

type RememberCall = Parameters<NonNullable<ReturnType<typeof createRememberTool>['execute']>>[0];

async function remember(context: ToolContext, input: RememberCall) {
  const output = await createRememberTool(context).execute!(input, { toolCallId: 'call_1', messages: [], context: {} });
  return output as Exclude<typeof output, AsyncIterable<unknown>>;
}

describe('remember tool', () => {
  it('keeps a channel memory at once and notes it for the thread with its id', async () => {
    const context = contextFor();
    const output = await remember(context, { action: 'propose', text: '  Revenue means   net of refunds. ', database: 'shop' });
    expect(output).toMatchObject({ kind: 'remembered', memory: { id: 'memory_00000001', text: 'Revenue means net of refunds.', scope: 'channel:C1', databaseName: 'shop', status: 'active' } });
    expect(await store.memories.getMemory('memory_00000001')).toMatchObject({ status: 'active', proposedBy: { platform: 'slack', userId: 'UANA', displayName: 'ana' }, threadId: 'slack:T1:C1:100.1', useCount: 0 });
    expect(context.memoryNotes).toEqual([{ memoryId: 'memory_00000001', text: 'Revenue means net of refunds.', scope: 'channel', databaseName: 'shop', state: 'remembered' }]);
    expect(renderRememberResult(output)).toBe(
      'Remembered for this channel as memory_00000001: "Revenue means net of refunds.". The thread shows it with an Undo button; do not repeat it at length.',
    );
  });

  it('proposes a workspace memory as pending until a verifier approves it', async () => {
    const context = contextFor();
    const output = await remember(context, { action: 'propose', text: 'The fiscal year starts on 1 February.', scope: 'workspace' });
    expect(output).toMatchObject({ kind: 'pending', memory: { scope: 'workspace', status: 'pending' } });
    expect(context.memoryNotes[0]).toMatchObject({ scope: 'workspace', state: 'pending' });
  });

  it.each([
    ['The warehouse password is hunter2!', /^Refused: It looks like it holds a secret/],
    ['Use the password hunter2 for the reader account.', /^Refused: It looks like it holds a secret/],
    ['Connect with postgres://analyst:pa55@db.internal:5432/warehouse', /^Refused: It looks like it holds a connection string/],
    ['North 300, South 50, East 75, West 20, Central 90.', /^Refused: It looks like rows of data/],
  ])('refuses %s with a reason for the user, and stores nothing', async (text, reason) => {
    const context = contextFor();
    const output = await remember(context, { action: 'propose', text });
    expect(output.kind).toBe('refused');
    expect(renderRememberResult(output)).toMatch(reason);
    expect(await store.memories.listMemories()).toEqual([]);
    expect(context.memoryNotes).toEqual([]);
  });

  it('refuses a memory about a database the asker may not use', async () => {
    const output = await remember(contextFor({ databases: ['shop'] }), { action: 'propose', text: 'Payroll excludes contractors.', database: 'payroll' });
    expect(renderRememberResult(output)).toBe('Refused: There is no database "payroll" available to this user here.');
  });

  it('lists this channel and the workspace, not other channels, and not memories about databases the asker may not use', async () => {
    await remember(contextFor(), { action: 'propose', text: 'Revenue means net of refunds.' });
    await remember(contextFor(), { action: 'propose', text: 'The fiscal year starts on 1 February.', scope: 'workspace' });
    await remember(contextFor({ channelId: 'C2' }), { action: 'propose', text: 'Channel two counts trial users.' });
    await remember(contextFor({ databases: ['shop', 'payroll'] }), { action: 'propose', text: 'Payroll excludes contractors.', database: 'payroll' });
    const listed = await remember(contextFor({ databases: ['shop'] }), { action: 'list' });
    expect(renderRememberResult(listed)).toBe(
      [
        'Remembered here (id | scope | status | database | text):',
        '- memory_00000002 | workspace | waiting for a verifier | - | The fiscal year starts on 1 February.',
        '- memory_00000001 | channel | in use | - | Revenue means net of refunds.',
      ].join('\n'),
    );
  });

  it('forgets a channel memory for anyone in the channel; a workspace memory only for a verifier', async () => {
    await remember(contextFor(), { action: 'propose', text: 'Revenue means net of refunds.' });
    await store.memories.saveMemory({ ...(await store.memories.getMemory('memory_00000001'))!, id: 'memory_workspace', scope: 'workspace', status: 'active', proposedBy: { platform: 'slack', userId: 'UVERA' } });

    const ben = contextFor({ userId: 'UBEN' });
    expect(await remember(ben, { action: 'forget', memory_id: 'memory_00000001' })).toMatchObject({ kind: 'forgotten' });
    expect((await store.memories.getMemory('memory_00000001'))?.status).toBe('forgotten');
    expect(ben.memoryNotes).toEqual([expect.objectContaining({ memoryId: 'memory_00000001', state: 'forgotten' })]);

    const refused = await remember(ben, { action: 'forget', memory_id: 'memory_workspace' });
    expect(renderRememberResult(refused)).toBe('Refused: Only verifiers (verification.verifiers in the datathread config) can approve, reject or forget workspace memories.');
    expect((await store.memories.getMemory('memory_workspace'))?.status).toBe('active');
    expect(await remember(contextFor({ userId: 'UVERA' }), { action: 'forget', memory_id: 'memory_workspace' })).toMatchObject({ kind: 'forgotten' });

    // Another channel's memory is not visible here, so it cannot be forgotten from here.
    await remember(contextFor({ channelId: 'C2' }), { action: 'propose', text: 'Channel two counts trial users.' });
    expect(renderRememberResult(await remember(contextFor(), { action: 'forget', memory_id: 'memory_00000002' }))).toBe('Refused: No memory memory_00000002 is remembered here.');
  });
});
