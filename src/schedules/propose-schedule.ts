// Turns what the agent asked for into a schedule proposal, or into the problems it must fix first:
// a cron expression with five fields that runs, a known IANA zone, query ids of this conversation
// (or a story of it, whose queries come along), an alert column the result has. Nothing is saved
// here; the `schedule` tool stores the proposal.
import type { JsonValue, QueryColumn } from '../databases/types.js';
import type { Actor } from '../store/types.js';
import { validateCron } from './cron-occurrences.js';
import { describeSchedule } from './describe-schedule.js';
import { SCHEDULE_PROPOSAL_TTL_MS, type NewScheduleProposal, type ScheduleDestination } from '../store/schedule-proposal.js';
import { describeAlert } from './schedule-wording.js';
import type { AlertCondition, ScheduledQuery, ScheduledStory } from '../store/schedule-types.js';
import { storyQueryIds } from './scheduled-story.js';

export interface ScheduleRequest {
  queryIds: string[];
  /** A story of this conversation; no version = its latest. Its queries are refreshed with it. */
  story?: { storyId: string; version?: number | undefined } | undefined;
  cron: string;
  /** Absent: the asker's zone where the platform says it, else the configured default. */
  timeZone?: string | undefined;
  title: string;
  destination: ScheduleDestination;
  alert?: AlertCondition | undefined;
  skipUnchanged?: boolean | undefined;
}

/** A stored result the proposal refreshes: its SQL, database and columns. */
export interface ProposalQuery {
  queryId: string;
  databaseName: string;
  sql: string;
  columns: QueryColumn[];
}

export interface ProposalSources {
  /** A result of this conversation, or undefined when the id is unknown. */
  findQuery(queryId: string): Promise<ProposalQuery | undefined>;
  /** The display_chart input drawn from the query in this conversation, if one was. */
  chartFor(queryId: string): JsonValue | undefined;
  /** The versions of a story of this conversation, oldest first (none: no such story). */
  storyVersions(storyId: string): Promise<Array<{ version: number; title: string; code: string }>>;
}

export interface ProposalPlace {
  asker: Actor;
  channelId?: string | undefined;
  teamId?: string | undefined;
  threadId: string;
  /** `schedules.default_timezone`: the zone when neither the request nor the asker's profile gives one. */
  defaultTimeZone: string;
  now: Date;
  proposalId: string;
}

export type ProposalOutcome = { kind: 'proposed'; proposal: NewScheduleProposal } | { kind: 'invalid'; problems: string[] };

const DESTINATION_WORDS: Record<ScheduleDestination, string> = {
  thread: 'in this thread',
  channel: 'in this channel, as a new message',
};

function whatIsRefreshed(title: string, queries: readonly ScheduledQuery[], story: ScheduledStory | undefined): string {
  if (story) return `the ${story.title} story (v${story.version})`;
  const charts = queries.filter((query) => query.chart !== undefined).length;
  const kind = charts > 0 ? (charts === 1 ? 'chart' : 'charts') : queries.length === 1 ? 'table' : 'tables';
  return `the ${title} ${kind}`;
}

function cronProblem(cron: string, timeZone: string): string | undefined {
  try {
    validateCron(cron, timeZone);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function findStory(request: ScheduleRequest, sources: ProposalSources, problems: string[]): Promise<ScheduledStory | undefined> {
  if (!request.story) return undefined;
  const { storyId, version } = request.story;
  const versions = await sources.storyVersions(storyId);
  const latest = versions.at(-1);
  if (!latest) {
    problems.push(`Unknown story "${storyId}": pass the id of a story written in this conversation (the id the story tool was called with).`);
    return undefined;
  }
  const chosen = version === undefined ? latest : versions.find((each) => each.version === version);
  if (!chosen) {
    problems.push(`The story "${storyId}" has no version ${version}: its versions are 1 to ${latest.version}. Leave version out for the latest.`);
    return undefined;
  }
  return { storyId, version: chosen.version, title: chosen.title, code: chosen.code };
}

async function collectQueries(request: ScheduleRequest, story: ScheduledStory | undefined, sources: ProposalSources, problems: string[]): Promise<{ queries: ScheduledQuery[]; columns: QueryColumn[][] }> {
  const queries: ScheduledQuery[] = [];
  const columns: QueryColumn[][] = [];
  const fromStory = new Set(story ? storyQueryIds(story) : []);
  for (const queryId of new Set([...request.queryIds, ...fromStory])) {
    const found = await sources.findQuery(queryId);
    if (!found) {
      problems.push(
        fromStory.has(queryId) && !request.queryIds.includes(queryId)
          ? `The story "${story?.storyId}" shows the result "${queryId}", which is no longer available in this conversation: run its query again and update the story first.`
          : `Unknown query id "${queryId}": pass the query_xxxxxxxx id of an execute_sql result of this conversation.`,
      );
      continue;
    }
    // A result the story shows is drawn by the story's own chart tags, not once more beside it.
    const chart = fromStory.has(queryId) ? undefined : sources.chartFor(queryId);
    queries.push({ queryId, databaseName: found.databaseName, sql: found.sql, ...(chart !== undefined ? { chart } : {}) });
    columns.push(found.columns);
  }
  return { queries, columns };
}

function alertProblem(alert: AlertCondition, columns: readonly QueryColumn[] | undefined): string | undefined {
  if (!columns) return undefined;
  const names = columns.map((column) => column.name);
  if (!names.includes(alert.column)) return `The alert column "${alert.column}" is not in the result of the first query (it has ${names.join(', ')}).`;
  if (alert.operator === 'changes_by_percent' && !Number.isFinite(Number(alert.value))) return `changes_by_percent needs a number as its value (a percentage), not "${alert.value}".`;
  return undefined;
}

export async function proposeSchedule(request: ScheduleRequest, sources: ProposalSources, place: ProposalPlace): Promise<ProposalOutcome> {
  const problems: string[] = [];
  const cron = request.cron.trim();
  const timeZone = request.timeZone?.trim() || place.asker.timeZone || place.defaultTimeZone;
  const title = request.title.trim();
  if (title === '') problems.push('Give the schedule a short title, e.g. "Revenue by region".');
  if (request.queryIds.length === 0 && !request.story) problems.push('Name at least one query id to refresh (an execute_sql result of this conversation), or a story.');
  // An alert watches one query's first row; a story has no single value to compare.
  if (request.alert && request.story) problems.push('An alert watches a query result, not a story: leave story out of an alert and pass the query id whose result the condition reads.');
  const timetableProblem = cronProblem(cron, timeZone);
  if (timetableProblem) problems.push(timetableProblem);
  const story = await findStory(request, sources, problems);
  const { queries, columns } = await collectQueries(request, story, sources, problems);
  // An alert looks at the first row of the first query's result (alert-condition.ts).
  const conditionProblem = request.alert && !request.story ? alertProblem(request.alert, columns[0]) : undefined;
  if (conditionProblem) problems.push(conditionProblem);
  if (problems.length > 0) return { kind: 'invalid', problems };
  const summary = describeSchedule({
    cron,
    timeZone,
    what: whatIsRefreshed(title, queries, story),
    where: DESTINATION_WORDS[request.destination],
    condition: request.alert ? describeAlert(request.alert) : undefined,
    now: place.now,
  });
  const { asker } = place;
  return {
    kind: 'proposed',
    proposal: {
      proposalId: place.proposalId,
      title,
      owner: {
        platform: asker.platform,
        userId: asker.userId,
        ...(asker.email ? { email: asker.email } : {}),
        ...(asker.displayName ? { displayName: asker.displayName } : {}),
        ...(place.channelId ? { channelId: place.channelId } : {}),
        ...(place.teamId ? { teamId: place.teamId } : {}),
        ...(asker.address ? { address: asker.address } : {}),
      },
      sourceThreadId: place.threadId,
      cron,
      timeZone,
      queries,
      ...(story ? { story } : {}),
      destination: request.destination,
      ...(request.alert ? { alert: request.alert } : {}),
      skipUnchanged: request.skipUnchanged === true,
      summary,
      createdAt: place.now,
      expiresAt: new Date(place.now.getTime() + SCHEDULE_PROPOSAL_TTL_MS),
    },
  };
}
