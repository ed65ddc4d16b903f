// `datathread memory list | add TEXT [--scope channel:ID|workspace] [--database NAME] | forget ID`:
// the operator's view of remembered corrections. An operator needs no approval: a workspace memory
// added here is active at once (and `datathread ask`/`chat` turns see it). The same content check as
// in chat applies: no secrets, connection strings or rows of data.
import { checkMemoryText } from '../memory/memory-content-check.js';
import { channelScope, WORKSPACE_SCOPE } from '../memory/memory-scopes.js';
import type { Bootstrapped } from '../config/bootstrap.js';
import type { MemoryRecord, MemoryScope } from '../store/memory-store.js';
import { openStore } from '../store/open-store.js';
import { randomIdFactory, systemClock } from '../support/clock-and-ids.js';
import { UsageError, type ParsedArguments } from './arguments.js';
import type { TerminalOutput } from './render-reply.js';

const MEMORY_USAGE = 'datathread memory list | add "TEXT" [--scope channel:ID|workspace] [--database NAME] | forget ID';

export async function memoryCommand(parsed: ParsedArguments, started: Bootstrapped, output: TerminalOutput): Promise<number> {
  const [action, ...words] = parsed.positionals;
  if (action === 'add') return addMemory(words.join(' '), parsed, started, output);
  if (action === 'forget') return forgetMemory(words, started, output);
  if (action === 'list' || action === undefined) return listMemories(started, output);
  throw new UsageError(`Unknown memory action "${action}": ${MEMORY_USAGE}`);
}

function scopeOption(value: string | true | undefined): MemoryScope {
  if (value === undefined || value === 'workspace') return WORKSPACE_SCOPE;
  const channelId = typeof value === 'string' ? /^channel:(.+)$/.exec(value)?.[1] : undefined;
  if (!channelId) throw new UsageError(`--scope takes "workspace" or "channel:ID" (a Slack or Teams channel id): ${MEMORY_USAGE}`);
  return channelScope(channelId);
}

async function addMemory(text: string, parsed: ParsedArguments, started: Bootstrapped, output: TerminalOutput): Promise<number> {
  const scope = scopeOption(parsed.options.get('scope'));
  const database = parsed.options.get('database');
  if (database === true) throw new UsageError(`--database needs a name: ${MEMORY_USAGE}`);
  if (database !== undefined && !started.config.databases.some((configured) => configured.name === database)) {
    throw new UsageError(`--database ${database}: no database of that name is configured (${started.config.databases.map((configured) => configured.name).join(', ') || 'none'}).`);
  }
  const refusal = checkMemoryText(text);
  if (refusal) {
    output.write(`Not remembered: ${refusal.reason}\n`);
    return 1;
  }
  const memory: MemoryRecord = {
    id: randomIdFactory('memory_'),
    text: text.replace(/\s+/g, ' ').trim(),
    scope,
    databaseName: database ?? null,
    status: 'active',
    proposedBy: { platform: 'cli', userId: 'cli' },
    approvedBy: scope === WORKSPACE_SCOPE ? 'cli' : null,
    threadId: null,
    createdAt: systemClock(),
    lastUsedAt: null,
    useCount: 0,
  };
  await withStore(started, (store) => store.memories.saveMemory(memory));
  output.write(`Remembered ${memory.id} (${memory.scope}${memory.databaseName ? `, ${memory.databaseName}` : ''}): ${memory.text}\n`);
  return 0;
}

async function forgetMemory(ids: string[], started: Bootstrapped, output: TerminalOutput): Promise<number> {
  const [id] = ids;
  if (!id || ids.length > 1) throw new UsageError(`memory forget takes one memory id: ${MEMORY_USAGE}`);
  const forgotten = await withStore(started, (store) => store.memories.changeMemoryStatus({ id, from: ['active', 'pending'], to: 'forgotten' }));
  if (!forgotten) {
    output.write(`No active or pending memory ${id}.\n`);
    return 1;
  }
  output.write(`Forgotten ${id}: ${forgotten.text}\n`);
  return 0;
}

async function listMemories(started: Bootstrapped, output: TerminalOutput): Promise<number> {
  const memories = await withStore(started, (store) => store.memories.listMemories({ statuses: ['active', 'pending'] }));
  if (memories.length === 0) {
    output.write('Nothing is remembered.\n');
    return 0;
  }
  const lines = memories.map((memory) =>
    [memory.id, memory.scope, memory.status, memory.databaseName ?? '-', `used ${memory.useCount}×`, proposerOf(memory), memory.text].join('\t'),
  );
  output.write(`${['id\tscope\tstatus\tdatabase\tuses\tproposed by\ttext', ...lines].join('\n')}\n`);
  return 0;
}

function proposerOf(memory: MemoryRecord): string {
  const who = memory.proposedBy.displayName ?? memory.proposedBy.userId;
  return memory.approvedBy && memory.approvedBy !== who ? `${who} (approved by ${memory.approvedBy})` : who;
}

async function withStore<T>(started: Bootstrapped, work: (store: Awaited<ReturnType<typeof openStore>>) => Promise<T>): Promise<T> {
  const store = await openStore(started.environment.stateUrl);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}
