// The one sentence each channel shows for a turn that ends without an answer. Slack, Teams and the
// terminal all read them from here, so a stopped turn reads the same everywhere.
export const TURN_SENTENCES = {
  /** The turn failed and no more precise reason is known (the details are in the log). */
  failed: 'Something went wrong on my side while answering. Press Retry; if it happens again, tell an admin (the details are in the bot log).',
  /** Someone pressed Stop. */
  stopped: 'Stopped. Nothing more will run for this question.',
  /** The agent finished without text, chart, table or story. */
  empty: 'I finished without anything to show. Try rephrasing the question.',
  /** The channel lost the turn before its answer was posted (the outcome never arrived). */
  interrupted: 'Something went wrong on my side and your question was not answered. Please ask again.',
  /** The state store (thread history, dedupe keys) cannot be reached. */
  storeUnavailable: 'I cannot reach my conversation store (the database that keeps thread history), so I could not answer. Ask again in a minute; if it keeps failing, tell an admin to check the state store (DATATHREAD_STATE).',
  /**
   * A question that could not even be taken: the state store was down on its last delivery (or, on
   * Teams, which says nothing about redelivery, on its first), so nothing will answer it.
   */
  notTaken: 'I could not take your question: my conversation store (the database that keeps thread history) cannot be reached. Please ask it again in a few minutes; if it keeps failing, tell an admin to check the state store (DATATHREAD_STATE).',
  /** Shown in the working indicator of a turn that resumes after its process stopped. */
  resumed: 'I was interrupted — answering again',
  /** A turn whose process kept dying while answering it: it is not run again. */
  givenUp: 'I was interrupted several times while answering this question and have stopped trying. Please ask again; if it keeps happening, tell an admin (the details are in the bot log).',
} as const;

export type TurnSentenceKind = keyof typeof TURN_SENTENCES;

/** The line under a clarifying question: how to answer it. */
export const CLARIFICATION_HINTS = {
  withOptions: 'Choose an option, or reply in this thread.',
  withoutOptions: 'Reply in this thread to answer.',
} as const;

/** How a channel writes the story note: its title in bold, the model's words escaped for its markup. */
export interface NoteMarkup {
  bold(text: string): string;
  escape(text: string): string;
}

const MARKDOWN_NOTE: NoteMarkup = { bold: (text) => `**${text}**`, escape: (text) => text };

/** The one-line note for a story version the reply does not show as a message of its own. */
export function storySavedNote(story: { title: string; version: number; summary: string }, markup: NoteMarkup = MARKDOWN_NOTE): string {
  return `Story ${markup.bold(markup.escape(story.title))} — version ${story.version}: ${markup.escape(story.summary)}`;
}

/** Under Show SQL when the turn ran more queries than it lists. */
export function hiddenQueriesNote(count: number): string {
  return `${count} more ${count === 1 ? 'query is' : 'queries are'} not shown.`;
}

/** The bot's note when the agent ran out of steps before it finished. */
export const STEP_LIMIT_NOTE = 'I reached my step limit (agent.max_steps) before finishing; ask me to continue or narrow the question.';

/** The bot's note when a federated database needs the asker's own Microsoft sign-in. */
export function signInNeededNote(databases: readonly string[]): string {
  return `To query ${databases.join(', ')} I need to act as you: please sign in with your Microsoft account first.`;
}

/** The answer to Stop when no turn runs in the thread. */
export const NOTHING_TO_STOP_SENTENCE = 'Nothing is running in this thread any more.';

/** The answer to Show SQL or CSV when the result is no longer in the store. */
export const RESULT_GONE_SENTENCE = 'That result is no longer stored. Ask the question again to run the query anew.';

/** A tool name the model made up is shown as code, short and on one line. */
const SHOWN_TOOL_NAME_CHARACTERS = 60;

/** The model service answered with something that is not an answer (broken JSON, an HTML page, no choices). */
export const UNREADABLE_ANSWER_SENTENCE =
  "The AI model's answer could not be read: its service sent something that is not an answer. Press Retry; if it keeps happening, tell an admin to check the model service and any proxy in front of it (the details are in the bot log).";

/** The model's tool calls kept failing and it could not correct them: what went wrong, once, and what to do. */
export function modelGaveUpSentence(kind: 'unknown_tool' | 'invalid_input' | 'tool_failed', toolName: string, stepCount: number): string {
  const tool = `\`${toolName.replace(/[`\s]+/g, ' ').trim().slice(0, SHOWN_TOOL_NAME_CHARACTERS)}\``;
  const stopped = `so I stopped after ${stepCount} ${stepCount === 1 ? 'step' : 'steps'}`;
  switch (kind) {
    case 'unknown_tool':
      return `The AI model kept asking for a tool that does not exist (${tool}), ${stopped}. Press Retry or rephrase the question; if it keeps happening, tell an admin (the configured model may not handle datathread's tools).`;
    case 'invalid_input':
      return `The AI model kept calling ${tool} with input that tool does not accept, ${stopped}. Press Retry or rephrase the question; if it keeps happening, tell an admin (the configured model may not handle datathread's tools).`;
    case 'tool_failed':
      return `The AI model's calls to ${tool} kept failing, ${stopped}. Rephrase the question (naming the database or table helps) and ask again; if it keeps happening, tell an admin.`;
  }
}
