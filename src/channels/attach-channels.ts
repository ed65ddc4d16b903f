// Starts every chat channel the environment configures, through the Channel interface
// (channel.ts): each channel reads its own settings and says why it did not start.
import type { ChannelStartOptions, StartedChannel } from './channel.js';
import { slackChannel } from './slack/index.js';
import { teamsChannel } from './teams/index.js';

export interface AttachedChannels {
  names: string[];
  stop(): Promise<void>;
}

const CHANNELS = [slackChannel, teamsChannel];

export async function attachChannels(options: ChannelStartOptions): Promise<AttachedChannels> {
  const started: StartedChannel[] = [];
  for (const channel of CHANNELS) {
    const running = await channel.start(options);
    if (running) started.push(running);
  }
  return {
    names: started.map((channel) => channel.name),
    stop: async () => {
      await Promise.allSettled(started.map((channel) => channel.stop()));
    },
  };
}
