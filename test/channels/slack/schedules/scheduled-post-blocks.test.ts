// A scheduled post in Slack: header with the as-of time and the thread link, the alert and catch-up
// notes, the rows as a data_table block (numbers sortable as numbers), the chart as an upload, and Pause / Edit time / Delete.
import { describe, expect, it } from 'vitest';
import { scheduledPostBlocks } from '../../../../src/channels/slack/schedules/scheduled-post-blocks.js';
import { scheduledAlert, scheduledReport } from '../../../schedules/scheduled-post-sample.js';
import { validateSlackMessage } from '../support/block-kit-validator.js';

describe('scheduled post blocks', () => {
  it('renders a report with its header, table, chart upload and management buttons', () => {
    const png = Buffer.from('89504e470d0a1a0a0000', 'hex');
    const message = scheduledPostBlocks(scheduledReport(png));
    expect(validateSlackMessage({ channel: 'C_SALES', text: message.text, blocks: message.blocks })).toEqual([]);
    expect(message.text).toBe('Revenue by region (as of Mon 7 Dec 2026, 09:00 CET (Europe/Berlin))');
    expect(message.blocks).toEqual([
      { type: 'header', text: { type: 'plain_text', text: '📅 Revenue by region' } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'as of Mon 7 Dec 2026, 09:00 CET (Europe/Berlin) · <https://example.slack.com/archives/C_SALES/p1700000000000100|from this thread>' }] },
      {
        type: 'data_table',
        caption: 'region, revenue — 2 rows',
        page_size: 2,
        rows: [
          [{ type: 'raw_text', text: 'region' }, { type: 'raw_text', text: 'revenue' }],
          [{ type: 'raw_text', text: 'North' }, { type: 'raw_number', value: 120, text: '120.00' }],
          [{ type: 'raw_text', text: 'South' }, { type: 'raw_number', value: 80, text: '80.00' }],
        ],
      },
      {
        type: 'actions',
        block_id: 'datathread_schedule_sched_revenue',
        elements: [
          { type: 'button', text: { type: 'plain_text', text: 'Pause' }, action_id: 'datathread_schedule_pause', value: 'sched_revenue' },
          { type: 'button', text: { type: 'plain_text', text: 'Edit time' }, action_id: 'datathread_schedule_edit_time', value: 'sched_revenue' },
          {
            type: 'button',
            text: { type: 'plain_text', text: 'Delete' },
            action_id: 'datathread_schedule_delete',
            value: 'sched_revenue',
            style: 'danger',
            // Delete asks first, in Slack's own confirmation dialog.
            confirm: {
              title: { type: 'plain_text', text: 'Delete this schedule?' },
              text: { type: 'mrkdwn', text: 'It stops posting for everyone, and it cannot be undone.' },
              confirm: { type: 'plain_text', text: 'Delete' },
              deny: { type: 'plain_text', text: 'Keep it' },
              style: 'danger',
            },
          },
        ],
      },
    ]);
    expect(message.uploads).toEqual([{ filename: 'sched_revenue-1.png', title: 'Revenue by region', png }]);
  });

  it('renders an alert with the condition that holds and the catch-up note', () => {
    const message = scheduledPostBlocks(scheduledAlert());
    expect(validateSlackMessage({ channel: 'C_GROWTH', text: message.text, blocks: message.blocks })).toEqual([]);
    expect(message.text).toBe('Daily signups below 200: signups is below 200 (now 150)');
    expect(message.blocks.slice(0, 4)).toEqual([
      { type: 'header', text: { type: 'plain_text', text: '🔔 Daily signups below 200' } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'as of Tue 8 Dec 2026, 08:30 EST (America/New_York) · <https://example.slack.com/archives/C_GROWTH/p1700000000000200|from this thread>' }] },
      { type: 'section', text: { type: 'mrkdwn', text: '*Alert:* signups is below 200 (now 150)' } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'Catch-up run: the service was down, so 2 earlier occurrences were folded into this one.' }] },
    ]);
    expect(message.uploads).toEqual([]);
  });
});
