// A memory note as a card of its own under the answer: "🧠 I'll remember: …" with Undo, or a
// workspace memory waiting for a verifier with Approve / Reject, or one forgotten on request. The
// same note as Slack's blocks (channels/slack/render/memory-blocks.ts). After a click the card is
// redrawn without buttons, saying what was done.
import { MEMORY_SENTENCES, memoryNoteDetail, type MemoryNote } from '../../../memory/memory-note.js';
import { submitAction } from '../actions/card-actions.js';
import { createCard, textBlock, type AdaptiveCard, type SubmitAction } from './adaptive-card-types.js';

export function memoryNoteCard(note: MemoryNote): AdaptiveCard {
  return createCard(memoryNoteBody(note), memoryButtons(note));
}

/** The note after Undo / Approve / Reject: what was done (the sentence names the memory), with nothing left to click. */
export function memoryDecidedCard(note: MemoryNote, sentence: string): AdaptiveCard {
  return createCard([textBlock(`🧠 ${sentence}`), detailBlock(note)]);
}

function memoryNoteBody(note: MemoryNote) {
  return [textBlock(`🧠 **${MEMORY_SENTENCES[note.state]}** ${note.text}`), detailBlock(note)];
}

function detailBlock(note: MemoryNote) {
  return textBlock(memoryNoteDetail(note), { isSubtle: true, size: 'Small', spacing: 'Small' });
}

function memoryButtons(note: MemoryNote): SubmitAction[] {
  const memoryId = note.memoryId;
  if (note.state === 'remembered') return [submitAction('Undo', { datathread: 'memory_undo', memoryId })];
  if (note.state === 'pending') {
    return [
      { ...submitAction('Approve', { datathread: 'memory_approve', memoryId }), style: 'positive' },
      { ...submitAction('Reject', { datathread: 'memory_reject', memoryId }), style: 'destructive' },
    ];
  }
  return [];
}
