// GET /downloads/csv/<signed token>: the stored result as a CSV file. A forged or malformed link is
// a 403, an expired one a 410, a result no longer stored a 404, each with one plain sentence.
import type { Express } from 'express';
import type { Logger } from '../logging/logger.js';
import type { StoredQueryResult } from '../store/types.js';
import { resultToCsv } from '../tables/result-csv.js';
import { CSV_DOWNLOAD_PATH, type CsvDownloadLinks } from './csv-download-links.js';

export interface CsvDownloadRouteDependencies {
  links: CsvDownloadLinks;
  getQueryResult(threadId: string, queryId: string): Promise<StoredQueryResult | undefined>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export function attachCsvDownloadRoute(app: Express, deps: CsvDownloadRouteDependencies): void {
  app.get(`${CSV_DOWNLOAD_PATH}/:token`, async (request, response) => {
    const plain = (status: number, sentence: string) => {
      response.status(status).setHeader('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(`${sentence}\n`);
    };
    const reading = deps.links.read(String(request.params.token ?? ''));
    if (reading.kind === 'refused') {
      deps.logger.warn('CSV download refused: the link was not issued by datathread.', {});
      return plain(403, 'This download link was not issued by datathread.');
    }
    if (reading.kind === 'expired') return plain(410, 'This download link has expired. Press CSV on the answer again for a new one.');
    try {
      const result = await deps.getQueryResult(reading.threadId, reading.queryId);
      if (!result) return plain(404, 'That result is no longer stored. Ask the question again to run the query anew.');
      deps.logger.info('CSV downloaded.', { threadId: reading.threadId, queryId: reading.queryId, issuedTo: reading.issuedTo, rows: result.rows.length });
      response
        .status(200)
        .setHeader('Cache-Control', 'no-store')
        .setHeader('Content-Disposition', `attachment; filename="${reading.queryId.replace(/[^A-Za-z0-9_.-]/g, '_')}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(resultToCsv(result.columns, result.rows));
    } catch (error) {
      deps.logger.error('CSV download failed: the store could not be read.', { threadId: reading.threadId, error });
      plain(500, 'The result could not be read right now. Try again in a minute.');
    }
  });
}
