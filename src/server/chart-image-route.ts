// GET /images/<signed token>.png: a chart image kept for a Teams card. A forged or malformed link
// is a 403, an expired one a 410, an image no longer stored a 404, each with one plain sentence.
import type { Express } from 'express';
import type { Logger } from '../logging/logger.js';
import { CHART_IMAGE_PATH, type ChartImageLinks } from './chart-image-links.js';

export interface ChartImageRouteDependencies {
  links: ChartImageLinks;
  getImage(threadId: string, imageKey: string): Promise<Buffer | undefined>;
  logger: Pick<Logger, 'warn' | 'error'>;
}

export function attachChartImageRoute(app: Express, deps: ChartImageRouteDependencies): void {
  app.get(`${CHART_IMAGE_PATH}/:token`, async (request, response) => {
    const plain = (status: number, sentence: string) => {
      response.status(status).setHeader('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(`${sentence}\n`);
    };
    const reading = deps.links.read(String(request.params.token ?? ''));
    if (reading.kind === 'refused') {
      deps.logger.warn('Chart image refused: the link was not issued by datathread.', {});
      return plain(403, 'This image link was not issued by datathread.');
    }
    if (reading.kind === 'expired') return plain(410, 'This chart image has expired. Ask the question again for a new chart.');
    try {
      const png = await deps.getImage(reading.threadId, reading.imageKey);
      if (!png) return plain(404, 'This chart image is no longer stored. Ask the question again for a new chart.');
      // The link itself expires; a client may keep the image it fetched.
      response.status(200).setHeader('Cache-Control', 'private, max-age=86400, immutable').type('image/png').send(png);
    } catch (error) {
      deps.logger.error('Chart image failed: the store could not be read.', { threadId: reading.threadId, error });
      plain(500, 'The chart image could not be read right now. Try again in a minute.');
    }
  });
}
