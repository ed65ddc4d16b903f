// The run's blackboard: every tool of one turn reads and writes here, and the turn's outcome is
// assembled from it. It holds no platform types, so Slack, Teams and the terminal share it.
import type { ChartPlacement } from '../charts/chart-layout.js';
import type { AgentSettings } from '../config/agent-settings.js';
import type { ChartArtifact, QueryResult, QueryRun, StoryArtifact } from '../store/turn-artifacts.js';
import type { DatabaseAdapter, UserDatabaseCredential } from '../databases/types.js';
import type { Actor, ModelIdentity, Store } from '../store/types.js';
import type { MemoryNote } from '../memory/memory-note.js';
import type { MemoryTurnSettings } from '../memory/memory-turn-settings.js';
import type { ScheduleProposalNote } from '../store/schedule-proposal.js';
import type { ScheduleTurnSettings } from '../schedules/schedule-turn-settings.js';

export type { ChartArtifact, QueryResult, QueryRun, StoryArtifact } from '../store/turn-artifacts.js';

export interface ToolContextOptions {
  threadId: string;
  actor: Actor;
  /** The group entries the asker belongs to (group-membership.ts), for the config's person lists such as `admins`. */
  actorGroups?: readonly string[] | undefined;
  settings: AgentSettings;
  /** Only the databases this asker may use in this place (access rules applied). */
  databases: DatabaseAdapter[];
  store: Store;
  now: () => Date;
  /** Returns a fresh random id with the given prefix, e.g. `query_` + 8 characters. */
  createId: (prefix: string) => string;
  /** The asker's own credential for a federated database, when they have one. */
  credentialFor?: (database: DatabaseAdapter) => Promise<UserDatabaseCredential | undefined>;
  signal?: AbortSignal;
  /** Tells the channel what the agent is doing ("Querying warehouse…"). */
  onStatus?: (status: string) => void;
  /** The model running the turn, for the query audit. */
  model?: ModelIdentity;
  /** Where this turn's charts are shown, which sets their canvas (default: a Slack thread image). */
  chartPlacement?: ChartPlacement;
  /**
   * Access rules on stored results of earlier turns: returns the error to throw when the asker may
   * not read a result of that database (results of this turn came from databases they may use).
   */
  refuseStoredResult?: (queryId: string, databaseName: string) => Error | undefined;
  /** Where remembered corrections go and who may approve them (the remember tool); absent: no memories. */
  memory?: MemoryTurnSettings;
  /** Where a proposed schedule belongs and its default zone (the schedule tool); absent: schedules cannot be made here. */
  scheduling?: ScheduleTurnSettings;
}

export class ToolContext {
  readonly threadId: string;
  readonly actor: Actor;
  readonly actorGroups: readonly string[];
  readonly settings: AgentSettings;
  readonly databases: DatabaseAdapter[];
  readonly store: Store;
  readonly now: () => Date;
  readonly createId: (prefix: string) => string;
  readonly signal: AbortSignal | undefined;
  readonly model: ModelIdentity | undefined;
  readonly chartPlacement: ChartPlacement;
  readonly queryResults = new Map<string, QueryResult>();
  readonly charts: ChartArtifact[] = [];
  readonly storyVersions: StoryArtifact[] = [];
  readonly queries: QueryRun[] = [];
  /** Federated databases the asker must sign in to before they can be queried. */
  readonly signInRequiredFor = new Set<string>();
  /** Databases that could not be reached during this turn (an infrastructure fault). */
  readonly unreachableDatabases = new Set<string>();
  /** Set by the clarification tool: the turn pauses until the question is answered. */
  clarification: { question: string; options: string[] } | undefined;
  /** Set by suggest_follow_ups. */
  followUps: string[] = [];
  /** Set by remember: memories proposed or forgotten in this turn, shown in the thread. */
  readonly memoryNotes: MemoryNote[] = [];
  readonly memory: MemoryTurnSettings | undefined;
  /** Set by schedule: proposals waiting for Confirm, shown in the thread. */
  readonly scheduleProposals: ScheduleProposalNote[] = [];
  readonly scheduling: ScheduleTurnSettings | undefined;
  private readonly pendingWrites = new Set<Promise<void>>();
  private readonly backgroundErrors: unknown[] = [];
  private readonly credentialFor: ToolContextOptions['credentialFor'];
  private readonly onStatus: ToolContextOptions['onStatus'];
  private readonly refuseStoredResult: ToolContextOptions['refuseStoredResult'];

  constructor(options: ToolContextOptions) {
    this.threadId = options.threadId;
    this.actor = options.actor;
    this.actorGroups = options.actorGroups ?? [];
    this.settings = options.settings;
    this.databases = options.databases;
    this.store = options.store;
    this.now = options.now;
    this.createId = options.createId;
    this.signal = options.signal;
    this.model = options.model;
    this.chartPlacement = options.chartPlacement ?? 'thread_image';
    this.credentialFor = options.credentialFor;
    this.onStatus = options.onStatus;
    this.refuseStoredResult = options.refuseStoredResult;
    this.memory = options.memory;
    this.scheduling = options.scheduling;
  }

  reportStatus(status: string): void {
    this.onStatus?.(status);
  }

  async credentialForDatabase(database: DatabaseAdapter): Promise<UserDatabaseCredential | undefined> {
    return this.credentialFor?.(database);
  }

  /**
   * A result of this turn, or of an earlier turn of the same conversation (from the store). A
   * stored result of a database the asker may not use is refused (thrown, so the model reads why).
   */
  async findQueryResult(queryId: string): Promise<QueryResult | undefined> {
    const cached = this.queryResults.get(queryId);
    if (cached) return cached;
    const stored = await this.store.getQueryResult(this.threadId, queryId);
    if (!stored) return undefined;
    const refusal = this.refuseStoredResult?.(stored.queryId, stored.databaseName);
    if (refusal) throw refusal;
    const result: QueryResult = {
      queryId: stored.queryId,
      databaseName: stored.databaseName,
      sql: stored.sql,
      columns: stored.columns,
      rows: stored.rows,
      rowCount: stored.rowCount,
      truncated: stored.truncated,
      durationMs: 0,
      createdAt: stored.createdAt,
    };
    this.queryResults.set(queryId, result);
    return result;
  }

  /**
   * Caches the result for this turn at once and writes it to the store in the background: the
   * model's next step does not wait for the write, and the engine calls flush() before the turn
   * ends, so nothing is lost.
   */
  addQueryResult(result: QueryResult): void {
    this.queryResults.set(result.queryId, result);
    this.inBackground(() =>
      this.store.saveQueryResult({
        threadId: this.threadId,
        queryId: result.queryId,
        databaseName: result.databaseName,
        sql: result.sql,
        columns: result.columns,
        rows: result.rows,
        rowCount: result.rowCount,
        truncated: result.truncated,
        createdAt: result.createdAt,
      }),
    );
  }

  /**
   * Runs a store write without waiting for it; flush() waits for all of them. The write starts on
   * the next turn of the event loop, so its serialisation (JSON of up to row-cap rows) happens
   * after the tool has answered, while the model is already thinking.
   */
  inBackground(write: () => Promise<unknown>): void {
    const started = new Promise<void>((resolve) => setImmediate(resolve)).then(write);
    const tracked = started.then(
      () => undefined,
      (error: unknown) => {
        this.backgroundErrors.push(error);
      },
    );
    this.pendingWrites.add(tracked);
    void tracked.finally(() => this.pendingWrites.delete(tracked));
  }

  /** Waits for every background write; returns the errors they ended with (none, normally). */
  async flush(): Promise<unknown[]> {
    while (this.pendingWrites.size > 0) await Promise.all([...this.pendingWrites]);
    return this.backgroundErrors.splice(0);
  }

  /**
   * Puts a drawn chart on the blackboard for the channel to post. The PNG is not stored: the
   * display_chart call and its input stay in the conversation history, which is enough to draw it again.
   */
  addChart(chart: ChartArtifact): void {
    this.charts.push(chart);
  }
}
