// schedule{query_ids?, story?, cron, timezone?, title, where?, condition?, skip_unchanged?}: proposes a
// recurring report (query results, or a story and its version) or an alert from this conversation's results. Nothing is saved until the person
// who asked clicks Confirm under the summary the thread shows (schedules/schedule-proposal-decisions.ts);
// problems the model can fix (bad cron, unknown zone or query id, a condition column the result lacks)
// come back as data.
import { tool } from 'ai';
import { z } from 'zod';
import { ALERT_OPERATORS } from '../store/schedule-types.js';
import { proposeSchedule, type ProposalQuery } from '../schedules/propose-schedule.js';
import { proposalOwnerName } from '../schedules/schedule-proposal-decisions.js';
import { SCHEDULE_DESTINATIONS, type NewScheduleProposal } from '../store/schedule-proposal.js';
import { chartConfigsInMessages } from '../schedules/stored-chart-configs.js';
import type { JsonValue } from '../databases/types.js';
import type { ToolContext } from './tool-context.js';

export const scheduleInputSchema = z.object({
  query_ids: z.array(z.string().min(1)).max(10).nullish().describe('The query_xxxxxxxx ids of the execute_sql results to refresh on each run; their charts come along. May be left out when a story is given.'),
  story: z
    .object({
      story_id: z.string().min(1).describe('The id the story tool was called with.'),
      version: z.number().int().positive().nullish().describe('The version to refresh; leave it out for the latest.'),
    })
    .nullish()
    .describe('A report that is a story of this conversation: each run re-runs the queries it shows and posts the story with the fresh numbers. Not for an alert.'),
  cron: z.string().min(1).max(100).describe('Five-field cron (minute hour day-of-month month day-of-week) written from the words: "every Monday at 9" = "0 9 * * 1", "weekdays at 8:30" = "30 8 * * 1-5", "first Monday of the month at 9" = "0 9 * * 1#1", "every minute" = "* * * * *".'),
  timezone: z.string().nullish().describe('IANA zone named by the user ("Berlin time" = Europe/Berlin). Leave it out otherwise: the asker\'s own zone is used.'),
  title: z.string().min(1).max(120).describe('Short title of the report or alert, e.g. "Revenue by region".'),
  where: z.enum(SCHEDULE_DESTINATIONS).nullish().describe('"thread" (default): post into this thread. "channel": post each run as a new message in the channel.'),
  condition: z
    .object({
      column: z.string().min(1).describe('A column of the first query\'s result; its first row is compared.'),
      op: z.enum(ALERT_OPERATORS),
      // One type for every provider's strict schemas (a union of number and string is refused); a number sent is taken as its digits.
      value: z.coerce.string().describe('The threshold, e.g. "200"; for changes_by_percent, a percentage. Text compares with = and != only.'),
    })
    .nullish()
    .describe('Only for an alert ("tell us when signups drop below 200"): the run posts only when this holds, once until it stops holding.'),
  skip_unchanged: z.boolean().nullish().describe('A report only: skip the post when the rows are the same as last time.'),
});

type ScheduleInput = z.infer<typeof scheduleInputSchema>;

type ScheduleResult = { _version: '1'; kind: 'proposed'; proposal: NewScheduleProposal } | { _version: '1'; kind: 'refused'; problems: string[] };

export function createScheduleTool(context: ToolContext) {
  return tool({
    description: [
      'Propose a recurring report or an alert when the user asks for one ("send me this every Monday at 9", "tell us when daily signups drop below 200").',
      'Run the query (and draw the chart) first, then call this with its query ids (or, for a story, the story id), a five-field cron written from their words, a title, and for an alert a condition.',
      'Nothing is saved by this call: the thread shows what you understood with Confirm / Cancel, and only the person who asked (or an admin) can confirm.',
    ].join(' '),
    inputSchema: scheduleInputSchema,
    execute: (input): Promise<ScheduleResult> => propose(context, input),
    toModelOutput: ({ output }) => ({ type: 'text', value: renderScheduleResult(output) }),
  });
}

async function propose(context: ToolContext, input: ScheduleInput): Promise<ScheduleResult> {
  const scheduling = context.scheduling;
  if (!scheduling) return { _version: '1', kind: 'refused', problems: ['Schedules can only be made from Slack or Teams, where they post and where the person confirms them.'] };
  const charts = await chartConfigsOf(context);
  const outcome = await proposeSchedule(
    {
      queryIds: input.query_ids ?? [],
      ...(input.story ? { story: { storyId: input.story.story_id, version: input.story.version ?? undefined } } : {}),
      cron: input.cron,
      timeZone: input.timezone ?? undefined,
      title: input.title,
      destination: input.where ?? 'thread',
      ...(input.condition ? { alert: { column: input.condition.column, operator: input.condition.op, value: numberOrText(input.condition.value) } } : {}),
      skipUnchanged: input.skip_unchanged ?? false,
    },
    {
      findQuery: (queryId) => findQuery(context, queryId),
      chartFor: (queryId) => charts.get(queryId),
      storyVersions: (storyId) => context.store.stories.listStoryVersions(context.threadId, storyId),
    },
    { asker: context.actor, channelId: scheduling.channelId, teamId: scheduling.teamId, threadId: context.threadId, defaultTimeZone: scheduling.defaultTimeZone, now: context.now(), proposalId: context.createId('proposal_') },
  );
  if (outcome.kind === 'invalid') return { _version: '1', kind: 'refused', problems: outcome.problems };
  await context.store.scheduleProposals.saveScheduleProposal(outcome.proposal);
  context.scheduleProposals.push({ proposalId: outcome.proposal.proposalId, summary: outcome.proposal.summary, ownerName: proposalOwnerName(outcome.proposal) });
  return { _version: '1', kind: 'proposed', proposal: outcome.proposal };
}

/** "200" compares as the number 200 (alert-condition.ts compares numbers as numbers either way). */
function numberOrText(value: string): number | string {
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : value;
}

async function findQuery(context: ToolContext, queryId: string): Promise<ProposalQuery | undefined> {
  try {
    const result = await context.findQueryResult(queryId);
    return result && { queryId, databaseName: result.databaseName, sql: result.sql, columns: result.columns };
  } catch {
    // A stored result of a database this asker may not use counts as unknown: a schedule could not run it as them.
    return undefined;
  }
}

/** Charts of earlier answers (read back from the conversation), overridden by the ones drawn in this turn. */
async function chartConfigsOf(context: ToolContext): Promise<Map<string, JsonValue>> {
  const configs = chartConfigsInMessages(await context.store.listMessages(context.threadId));
  for (const chart of context.charts) configs.set(chart.queryId, chart.config);
  return configs;
}

export function renderScheduleResult(result: ScheduleResult): string {
  if (result.kind === 'refused') return ['Not proposed. Fix these and call schedule again:', ...result.problems.map((problem) => `- ${problem}`)].join('\n');
  const { proposal } = result;
  return [
    `Proposed ${proposal.proposalId}: ${proposal.summary}.`,
    `Cron "${proposal.cron}" in ${proposal.timeZone}; ${proposal.story ? `the story "${proposal.story.storyId}" v${proposal.story.version} re-rendered and ` : ''}${proposal.queries.length} ${proposal.queries.length === 1 ? 'query' : 'queries'} refreshed on each run.`,
    'Nothing is scheduled yet: the thread shows this summary with Confirm / Cancel, and it is saved only when the person who asked clicks Confirm. Tell them that in one short sentence; do not repeat the summary.',
  ].join('\n');
}
