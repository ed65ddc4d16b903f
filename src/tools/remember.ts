// remember{action, text?, scope?, database?, memory_id?}: remembered corrections. `propose` keeps a
// rule the user stated or a correction they made, as one sentence, for this channel (at once) or the
// whole workspace (after a verifier approves); `list` shows what is remembered here; `forget` removes
// one. Secrets, connection strings and rows of data are refused with a reason for the user.
import { tool } from 'ai';
import { z } from 'zod';
import { checkMemoryText } from '../memory/memory-content-check.js';
import { memoryNoteFor } from '../memory/memory-decisions.js';
import { channelScope, mayUseMemory, scopeKind, scopesFor, WORKSPACE_SCOPE } from '../memory/memory-scopes.js';
import type { MemoryRecord } from '../store/memory-store.js';
import type { ToolContext } from './tool-context.js';

/** The list the model sees is capped: the prompt already carries the ones in use. */
const MAX_LISTED_MEMORIES = 30;

export const rememberInputSchema = z.object({
  action: z
    .enum(['propose', 'list', 'forget'])
    .describe('propose: remember a correction or rule the user just stated. list: what is remembered here ("what do you remember?"). forget: remove one memory ("forget …").'),
  text: z
    .string()
    .max(1_000)
    .optional()
    .describe('propose: the rule as ONE self-contained sentence, e.g. "Revenue means net of refunds." or "The fiscal year starts on 1 February." Never credentials, connection strings or rows of data.'),
  scope: z
    .enum(['channel', 'workspace'])
    .optional()
    .describe('propose: "channel" (default) applies at once in this channel; "workspace" applies in every channel once a verifier approves it. Use workspace only when the user says it holds everywhere.'),
  database: z.string().optional().describe('propose: the database the rule concerns, when it concerns one (its name as listed in the system prompt).'),
  memory_id: z.string().optional().describe('forget: the id of the memory (memory_…), from list or the system prompt.'),
});

type RememberInput = z.infer<typeof rememberInputSchema>;

type RememberResult =
  | { _version: '1'; kind: 'remembered' | 'pending' | 'forgotten'; memory: MemoryRecord }
  | { _version: '1'; kind: 'listed'; memories: MemoryRecord[] }
  | { _version: '1'; kind: 'refused'; reason: string };

export function createRememberTool(context: ToolContext) {
  return tool({
    description: [
      'Remembered corrections. When the user corrects you or states a rule about the data ("revenue means net of refunds", "exclude test accounts", "the fiscal year starts in February"), call with action "propose" and the rule as one sentence; it is used in later conversations.',
      'Fields: action (propose | list | forget); text (propose: one sentence); scope (propose: "channel" = this channel, applies at once; "workspace" = every channel, after a verifier approves); database (propose, optional: the database it concerns); memory_id (forget).',
      'When the user asks what you remember, call list; when they ask you to forget something, call list if needed, then forget with its memory_id.',
      'A memory never holds a password, token, key, connection string or rows of data: such a proposal is refused; pass the reason on to the user.',
    ].join(' '),
    inputSchema: rememberInputSchema,
    execute: async (input): Promise<RememberResult> => {
      const settings = context.memory;
      if (!settings) return refused('Memories are not available here.');
      if (input.action === 'list') return { _version: '1', kind: 'listed', memories: await visibleMemories(context) };
      if (input.action === 'forget') return forget(context, input);
      return propose(context, input);
    },
    toModelOutput: ({ output }) => ({ type: 'text', value: renderRememberResult(output) }),
  });
}

function refused(reason: string): RememberResult {
  return { _version: '1', kind: 'refused', reason };
}

function allowedDatabases(context: ToolContext): Set<string> {
  return new Set(context.databases.map((database) => database.name));
}

async function visibleMemories(context: ToolContext): Promise<MemoryRecord[]> {
  const allowed = allowedDatabases(context);
  const memories = await context.store.memories.listMemories({ scopes: scopesFor(context.memory?.channelId), statuses: ['active', 'pending'] });
  return memories.filter((memory) => mayUseMemory(memory, allowed)).slice(0, MAX_LISTED_MEMORIES);
}

async function propose(context: ToolContext, input: RememberInput): Promise<RememberResult> {
  const text = (input.text ?? '').replace(/\s+/g, ' ').trim();
  const refusal = checkMemoryText(input.text ?? '');
  if (refusal) return refused(refusal.reason);
  const database = input.database?.trim() || null;
  if (database !== null && !allowedDatabases(context).has(database)) return refused(`There is no database "${database}" available to this user here.`);
  const scope = input.scope ?? 'channel';
  const channelId = context.memory?.channelId;
  if (scope === 'channel' && !channelId) return refused('This conversation has no channel; propose it for the workspace instead.');
  const memory: MemoryRecord = {
    id: context.createId('memory_'),
    text,
    scope: scope === 'channel' ? channelScope(channelId!) : WORKSPACE_SCOPE,
    databaseName: database,
    status: scope === 'channel' ? 'active' : 'pending',
    proposedBy: { platform: context.actor.platform, userId: context.actor.userId, ...(context.actor.displayName ? { displayName: context.actor.displayName } : {}) },
    approvedBy: null,
    threadId: context.threadId,
    createdAt: context.now(),
    lastUsedAt: null,
    useCount: 0,
  };
  await context.store.memories.saveMemory(memory);
  const kind = memory.status === 'active' ? 'remembered' : 'pending';
  context.memoryNotes.push(memoryNoteFor(memory, kind));
  return { _version: '1', kind, memory };
}

async function forget(context: ToolContext, input: RememberInput): Promise<RememberResult> {
  const memoryId = input.memory_id?.trim();
  if (!memoryId) return refused('Give the memory_id of the memory to forget (call list to see them).');
  // Only what this asker can see here can be forgotten here.
  if (!(await visibleMemories(context)).some((memory) => memory.id === memoryId)) return refused(`No memory ${memoryId} is remembered here.`);
  // The asker's groups were resolved when the turn started; a verifier may be listed by a group.
  const result = await context.memory!.decisions.decide('forget', memoryId, { ...context.actor, groups: context.actorGroups, channelId: context.memory!.channelId });
  if (result.kind === 'refused') return refused(result.reason);
  context.memoryNotes.push(memoryNoteFor(result.memory, 'forgotten'));
  return { _version: '1', kind: 'forgotten', memory: result.memory };
}

export function renderRememberResult(result: RememberResult): string {
  switch (result.kind) {
    case 'refused':
      return `Refused: ${result.reason}`;
    case 'remembered':
      return `Remembered for this channel as ${result.memory.id}: "${result.memory.text}". The thread shows it with an Undo button; do not repeat it at length.`;
    case 'pending':
      return `Proposed for the whole workspace as ${result.memory.id}: "${result.memory.text}". It applies once a verifier approves it; the thread shows Approve / Reject buttons.`;
    case 'forgotten':
      return `Forgotten: ${result.memory.id} "${result.memory.text}".`;
    case 'listed':
      if (result.memories.length === 0) return 'Nothing is remembered here yet.';
      return ['Remembered here (id | scope | status | database | text):', ...result.memories.map(listLine)].join('\n');
  }
}

function listLine(memory: MemoryRecord): string {
  return `- ${memory.id} | ${scopeKind(memory.scope)} | ${memory.status === 'pending' ? 'waiting for a verifier' : 'in use'} | ${memory.databaseName ?? '-'} | ${memory.text}`;
}
