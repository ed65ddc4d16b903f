// A memory note under an answer: "🧠 I'll remember: …" with Undo, or a workspace memory waiting
// for a verifier with Approve / Reject, or one forgotten on request. The same note as Teams' card
// (channels/teams/render/memory-cards.ts).
import { MEMORY_SENTENCES, memoryNoteDetail, type MemoryNote } from '../../../memory/memory-note.js';
import { ACTION_IDS, encodeButtonValue, memoryBlockId } from '../actions/action-ids.js';
import type { SlackBlock, SlackButton } from './block-kit.js';
import { escapeMrkdwn } from './escape-mrkdwn.js';
import { button, contextBlock } from './interactive-blocks.js';

export function memoryNoteBlocks(threadId: string, note: MemoryNote): SlackBlock[] {
  const blocks: SlackBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: `:brain: *${MEMORY_SENTENCES[note.state]}* ${escapeMrkdwn(note.text)}` } },
    contextBlock(escapeMrkdwn(memoryNoteDetail(note))),
  ];
  const buttons = memoryButtons(threadId, note);
  if (buttons.length > 0) blocks.push({ type: 'actions', block_id: memoryBlockId(note.memoryId), elements: buttons });
  return blocks;
}

function memoryButtons(threadId: string, note: MemoryNote): SlackButton[] {
  const value = encodeButtonValue({ thread: threadId, memory: note.memoryId });
  if (note.state === 'remembered') return [button('Undo', ACTION_IDS.memoryUndo, value)];
  if (note.state === 'pending') return [button('Approve', ACTION_IDS.memoryApprove, value, 'primary'), button('Reject', ACTION_IDS.memoryReject, value, 'danger')];
  return [];
}
