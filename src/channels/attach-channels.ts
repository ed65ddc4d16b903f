// Starts every chat channel the environment configures, through the Channel interface
// (channel.ts): each channel reads its own settings and says why it did not start.
import type { ScheduleDeliveries } from '../schedules/platform-schedule-delivery.js';
import type { ChannelStartOptions, StartedChannel } from './channel.js';
import { slackChannel } from './slack/index.js';
import { teamsChannel } from './teams/index.js';

export interface AttachedChannels {
  names: string[];
  /** How each started platform posts scheduled reports (the server's scheduler routes by platform). */
  scheduleDeliveries: ScheduleDeliveries;
  stop(): Promise<void>;
}

const CHANNELS = [slackChannel, teamsChannel];

export async function attachChannels(options: ChannelStartOptions): Promise<AttachedChannels> {
  const started: StartedChannel[] = [];
  const scheduleDeliveries: ScheduleDeliveries = {};
  for (const channel of CHANNELS) {
    const running = await channel.start(options);
    if (!running) continue;
    started.push(running);
    if (running.scheduleDelivery) scheduleDeliveries[channel.platform] = running.scheduleDelivery;
  }
  return {
    names: started.map((channel) => channel.name),
    scheduleDeliveries,
    stop: async () => {
      await Promise.allSettled(started.map((channel) => channel.stop()));
    },
  };
}
