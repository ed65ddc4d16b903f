// The server's one delivery over its started channels: a schedule posts through its own platform's
// channel, and a platform this server did not start fails the run with the reason (no post elsewhere).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logging/logger.js';
import { platformScheduleDelivery } from '../../src/schedules/platform-schedule-delivery.js';
import { newSchedule } from './schedule-fixtures.js';
import { openScheduleBench, recordingDelivery, type ScheduleBench } from './schedule-harness.js';

let bench: ScheduleBench;

beforeEach(async () => {
  bench = await openScheduleBench('2026-12-07T08:00:05Z');
});

afterEach(async () => {
  await bench.close();
});

describe('delivery by platform', () => {
  it('posts a Slack schedule through the Slack delivery and fails a Teams one when Teams is not started', async () => {
    const slack = recordingDelivery();
    const delivery = platformScheduleDelivery({ slack }, silentLogger);
    const slackSchedule = newSchedule();
    const teamsSchedule = newSchedule({ owner: { platform: 'teams', userId: 'aad-owner' }, delivery: { target: {}, identity: {} } });
    await bench.store.schedules.createSchedule(slackSchedule);
    await bench.store.schedules.createSchedule(teamsSchedule);
    await bench.runDue({ delivery });
    expect(slack.posts.map((posted) => posted.scheduleId)).toEqual([slackSchedule.scheduleId]);
    expect(slack.posts[0]!.post.results[0]!.rows).toEqual([['North', 120], ['South', 80]]);
    expect((await bench.store.schedules.listScheduleRuns(teamsSchedule.scheduleId))[0]).toMatchObject({ state: 'failed', outcome: 'failed: teams is not started on this server, so the schedule cannot post.' });
    expect(slack.told).toEqual([]);
    expect((await bench.store.schedules.getSchedule(teamsSchedule.scheduleId))!.consecutiveFailures).toBe(1);
  });
});
