// Chart PNGs kept in the state store for their signed links (chart-image-links.ts): one thread value
// per image under a random key, so every replica serves every image and a link names nothing else.
import { randomUUID } from 'node:crypto';
import type { Store } from '../store/types.js';
import type { ChartImageLinks } from './chart-image-links.js';

const IMAGE_KEY_PREFIX = 'chart.image.';

export interface StoredChartImages {
  publish(threadId: string, png: Buffer): Promise<string>;
  get(threadId: string, imageKey: string): Promise<Buffer | undefined>;
}

export function storedChartImages(store: Pick<Store, 'getThreadValue' | 'setThreadValue'>, links: ChartImageLinks, now: () => Date = () => new Date()): StoredChartImages {
  return {
    publish: async (threadId, png) => {
      const imageKey = randomUUID();
      await store.setThreadValue(threadId, `${IMAGE_KEY_PREFIX}${imageKey}`, png.toString('base64'), now());
      return links.linkFor(threadId, imageKey);
    },
    get: async (threadId, imageKey) => {
      const stored = await store.getThreadValue(threadId, `${IMAGE_KEY_PREFIX}${imageKey}`);
      return stored === undefined ? undefined : Buffer.from(stored, 'base64');
    },
  };
}
