// The neutral shapes that channels speak: a channel turns a Slack event / Teams activity / terminal
// line into a TurnRequest, and renders the TurnOutcome back. No platform types in here.
import type { SuggestedPrompt } from './suggested-prompts.js';
import type { MemoryNote } from '../memory/memory-note.js';
import type { ScheduleProposalNote } from '../store/schedule-proposal.js';
import type { ChartArtifact, QueryResult, QueryRun, StoryArtifact } from '../store/turn-artifacts.js';
import type { Actor } from '../store/types.js';
import type { ChartPlacement } from '../charts/chart-layout.js';
import type { Platform } from '../support/platforms.js';
import type { VerifiedBadge } from '../verified/verified-query.js';

/** Where the message was written; the access rules match on it. */
export interface TurnPlace {
  /** Slack channel id / Teams channel id (without thread) / 'console'. */
  channelId?: string;
  /** Slack team id / Teams team id. */
  teamId?: string;
  /** Entra tenant id (Teams). */
  tenantId?: string;
  isDirectMessage: boolean;
}

export type TurnKind =
  /** A new message (mention, thread reply, DM, terminal line). */
  | 'message'
  /** A click on a follow-up suggestion: `text` is the suggestion. */
  | 'follow_up'
  /** A click on a clarification option: `text` is the option. */
  | 'clarification_answer'
  /** Run the last question of the thread again (Retry button). */
  | 'retry';

export interface TurnRequest {
  /** Platform-prefixed thread id: `slack:T1:C1:1712.55`, `teams:<tenant>:<conversation id>`, `console:<uuid>`. */
  threadId: string;
  platform: Platform;
  actor: Actor;
  text: string;
  kind: TurnKind;
  place: TurnPlace;
  /** Platform event id (Slack event_id, Teams activity id); a repeat within the TTL runs nothing. */
  eventKey?: string;
  /** Extra dedupe keys (Slack: `channel:ts`, so app_mention + message of one post run once). */
  extraEventKeys?: string[];
  /** False for `datathread mcp` and other runs where nobody can answer a question. */
  interactive: boolean;
}

export interface ClarificationRequest {
  question: string;
  options: string[];
}

export type TurnStatus =
  | 'answered'
  | 'clarification'
  /** The turn ended in an error the user is told about (model down, timeout, database unreachable). */
  | 'failed'
  | 'cancelled';

export interface TurnFailure {
  kind: 'model' | 'timeout' | 'database' | 'not_configured' | 'internal' | 'step_limit' | 'budget';
  /** One short, honest sentence for the thread: what happened and what to do. */
  message: string;
  /** Whether a Retry button makes sense. */
  retryable: boolean;
}

export interface TurnOutcome {
  threadId: string;
  status: TurnStatus;
  /** The model's answer, as Markdown, exactly as it wrote it. May be empty when the turn failed. */
  text: string;
  /** The bot's own notes (step limit reached, sign-in needed), kept apart from the model's text. */
  notes?: string[];
  charts: ChartArtifact[];
  stories: StoryArtifact[];
  /** Every query the turn ran or tried (refused ones too), in order. */
  queries: QueryRun[];
  /** Results of this turn's queries not drawn as a chart, in order (the reply plan picks the tables to show). */
  tables: QueryResult[];
  clarification?: ClarificationRequest;
  followUps: string[];
  failure?: TurnFailure;
  /** Federated databases the asker must sign in to (Microsoft Entra ID) before they can be queried. */
  signInRequired?: string[];
  /** Set when the turn ended with an answer: names its question and SQL for feedback (answer-feedback.ts). */
  answerId?: string;
  /** Memories the turn proposed or forgot (the remember tool), for the thread to show. */
  memoryNotes?: MemoryNote[];
  /** Schedules the turn proposed (the schedule tool): the summary with Confirm / Cancel. */
  scheduleProposals?: ScheduleProposalNote[];
  /** Set when the answer ran a verified query (verified-query-library.ts): the badge it shows. */
  verifiedQuery?: VerifiedBadge;
}

/** What the engine tells a channel while a turn runs. */
export interface TurnObserver {
  /** "Querying warehouse…", "Drawing a chart…": at most a few per second. */
  onStatus?(status: string): void;
  /** The turn passed dedupe and holds the thread lock; the agent is about to run. */
  onStart?(): void;
  /** The answer as the model writes it: all deltas joined equal the outcome's text (steps joined by a blank line). */
  onTextDelta?(delta: string): void;
  /** A tool call begins (its input is complete); `sql` is the statement of an execute_sql call. */
  onToolCallStart?(call: { toolCallId: string; toolName: string; sql?: string }): void;
  /** A tool call ended; `ok` is false when it threw, its input was invalid, or it reported an error or refusal. */
  onToolCallEnd?(call: { toolCallId: string; toolName: string; ok: boolean; sql?: string }): void;
}

export type HandleResult =
  | { kind: 'duplicate' }
  | { kind: 'completed'; outcome: TurnOutcome };

/** What a channel needs from the core. ConversationEngine implements it; channel tests may fake it. */
/** How the asker's channel shows the reply: the channel knows, the engine sizes what it draws by it. */
export interface TurnPresentation {
  /** Where charts appear (default `thread_image`: Slack, the terminal, MCP clients). */
  chartPlacement?: ChartPlacement;
  /**
   * Whether the channel can post a schedule made in this turn and show its Confirm / Cancel (default
   * false: the terminal, MCP clients, evaluations). The engine gives the turn scheduling only then.
   */
  offersSchedules?: boolean;
}

export interface TurnHandler {
  /** Dedupes, waits for the thread's lock, runs the turn, persists it. Never throws for user-facing faults. */
  handle(request: TurnRequest, observer?: TurnObserver, presentation?: TurnPresentation): Promise<HandleResult>;
  /** Stops the running turn of a thread (Stop button). Returns false when none runs. */
  cancel(threadId: string): boolean;
  /** True when the bot already takes part in this thread (replies continue it without a mention). */
  isKnownThread(threadId: string): Promise<boolean>;
  /** Records platform event ids (all or none, atomically) without running anything; false when any was seen before. */
  markEventProcessed(...eventKeys: string[]): Promise<boolean>;
  /** Questions to offer this person here (assistant pane), built from the databases they may use. */
  suggestPrompts?(asker: Pick<TurnRequest, 'platform' | 'place' | 'actor'>): Promise<SuggestedPrompt[]>;
}
