// A scheduled post in Teams: the same header, notes, chart and rows as an Adaptive Card that passes
// the Adaptive Cards validator, with Pause as a submit action and Edit time / Delete as cards that open under it.
import { describe, expect, it } from 'vitest';
import { scheduledPostCard } from '../../../../src/channels/teams/schedules/scheduled-post-card.js';
import { scheduledAlert, scheduledReport } from '../../../schedules/scheduled-post-sample.js';
import { adaptiveCardProblems } from '../adaptive-card-validation.js';

describe('scheduled post card', () => {
  it('renders a report with its header, inline chart, table and management actions', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000', 'hex');
    const card = scheduledPostCard(scheduledReport(png));
    expect(await adaptiveCardProblems(card)).toEqual([]);
    expect(card.body.slice(0, 3)).toEqual([
      { type: 'TextBlock', text: '📅 Revenue by region', size: 'Large', weight: 'Bolder', wrap: true },
      { type: 'TextBlock', text: 'as of Mon 7 Dec 2026, 09:00 CET (Europe/Berlin) · [from this thread](https://example.slack.com/archives/C_SALES/p1700000000000100)', isSubtle: true, wrap: true, spacing: 'None' },
      { type: 'Image', url: `data:image/png;base64,${png.toString('base64')}`, altText: 'Revenue by region' },
    ]);
    expect(JSON.stringify(card.body[3])).toContain('"North"');
    // Pause submits at once; Edit time opens a form under the card, Delete a confirm step, each with its own submit.
    expect(card.actions!.map((action) => [action.type, action.title])).toEqual([
      ['Action.Submit', 'Pause'],
      ['Action.ShowCard', 'Edit time'],
      ['Action.ShowCard', 'Delete'],
    ]);
    expect(card.actions![0]).toEqual({ type: 'Action.Submit', title: 'Pause', data: { datathread: 'schedule_pause', scheduleId: 'sched_revenue' } });
    const [, editTime, remove] = card.actions as Array<{ card: { actions: Array<{ title: string; data: unknown; style?: string }> } }>;
    expect(editTime!.card.actions).toEqual([{ type: 'Action.Submit', title: 'Save', data: { datathread: 'schedule_edit_time', scheduleId: 'sched_revenue' }, style: 'positive' }]);
    expect(remove!.card.actions).toEqual([{ type: 'Action.Submit', title: 'Delete for good', data: { datathread: 'schedule_delete', scheduleId: 'sched_revenue' }, style: 'destructive' }]);
  });

  it('renders an alert with the condition that holds and the catch-up note', async () => {
    const card = scheduledPostCard(scheduledAlert());
    expect(await adaptiveCardProblems(card)).toEqual([]);
    expect(card.body.slice(0, 4)).toEqual([
      { type: 'TextBlock', text: '🔔 Daily signups below 200', size: 'Large', weight: 'Bolder', wrap: true },
      { type: 'TextBlock', text: 'as of Tue 8 Dec 2026, 08:30 EST (America/New_York) · [from this thread](https://example.slack.com/archives/C_GROWTH/p1700000000000200)', isSubtle: true, wrap: true, spacing: 'None' },
      { type: 'TextBlock', text: '**Alert:** signups is below 200 (now 150)', color: 'Attention', wrap: true },
      { type: 'TextBlock', text: 'Catch-up run: the service was down, so 2 earlier occurrences were folded into this one.', isSubtle: true, wrap: true },
    ]);
  });
});
