// Composition root of the server: config -> store -> databases -> agent -> channels -> HTTP.
import { createApplication } from './application.js';
import { attachChannels } from './channels/attach-channels.js';
import { bootstrap, EXIT_CONFIG_ERROR } from './config/bootstrap.js';
import { ConfigError } from './config/config-error.js';
import { createHttpServer } from './server/http-server.js';
import { attachCsvDownloadRoute } from './server/csv-download-route.js';
import { csvDownloadLinksFrom } from './server/csv-download-links.js';
import { chartImageLinksFrom } from './server/chart-image-links.js';
import { attachChartImageRoute } from './server/chart-image-route.js';
import { storedChartImages } from './server/chart-image-store.js';
import { createReadinessCheck } from './server/readiness.js';
import { checkDatabaseConnections } from './databases/check-connections.js';
import { attachSignInRoutes } from './server/sign-in-routes.js';
import { startConfiguredContextSync } from './context-sync/start-configured-sync.js';
import { createServerScheduleRunner } from './schedules/server-schedule-runner.js';
import { randomIdFactory, systemClock } from './support/clock-and-ids.js';

export async function startServer(): Promise<void> {
  const { environment, config, logger } = bootstrap();
  const application = await createApplication({ environment, config, logger });
  const readiness = createReadinessCheck({ store: application.store, detail: () => ({ model: application.model.available ? 'configured' : 'not configured' }) });
  const server = createHttpServer(readiness, logger);
  // GET /auth/microsoft/start and /callback (Slack account linking), when federated databases exist.
  const linking = application.identity?.slack;
  if (linking) attachSignInRoutes(server.app, { linking, logger });
  // GET /downloads/csv/<signed token> (Teams CSV), when a public URL and the encryption key are set.
  const csvLinks = csvDownloadLinksFrom(environment, systemClock);
  if (csvLinks) attachCsvDownloadRoute(server.app, { links: csvLinks, getQueryResult: (threadId, queryId) => application.store.getQueryResult(threadId, queryId), logger });
  // GET /images/<signed token>.png (Teams chart images), under the same conditions.
  const imageLinks = chartImageLinksFrom(environment, systemClock);
  const chartImages = imageLinks ? storedChartImages(application.store, imageLinks) : undefined;
  if (imageLinks && chartImages) attachChartImageRoute(server.app, { links: imageLinks, getImage: (threadId, imageKey) => chartImages.get(threadId, imageKey), logger });
  const channels = await attachChannels({ app: server.app, environment, application, logger, ...(csvLinks ? { csvLinks } : {}), ...(chartImages ? { chartImages } : {}) });
  // Workers start once every channel registered its executor; jobs left by a crash resume now.
  application.turns.start();
  // Every replica runs the scheduler; the store gives each occurrence to one of them.
  const schedules = createServerScheduleRunner({
    store: application.store,
    databases: application.databases,
    config,
    groupMembership: application.groupMembership,
    credentialFor: application.identity?.credentialFor,
    deliveries: channels.scheduleDeliveries,
    clock: systemClock,
    createId: randomIdFactory,
    logger,
  });
  schedules.start();
  const port = await server.listen(environment.port);
  logger.info('datathread is listening', { port, channels: channels.names.join(', ') || 'none', config: config.source });
  // The state store answered already (createApplication migrated it); the databases are checked
  // now, in the background, so a refused password is in the log before anyone asks.
  logger.info('The state store accepted its connection and is migrated.', { state: environment.stateUrl.split(':')[0] });
  void checkDatabaseConnections(application.databases, logger);
  const stopContextSync = startConfiguredContextSync(config, application.store.contextSyncRuns, logger);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal, graceMs: environment.drainGraceMs });
    // Stop taking requests and jobs; running turns get the grace period, the rest go back to the
    // queue at once so another replica answers them (a rolling deploy loses nothing).
    stopContextSync?.();
    const closing = server.close();
    // A run in flight finishes (its post is recorded under its lease); no new one starts.
    await schedules.stop();
    await application.turns.drain(environment.drainGraceMs);
    await channels.stop();
    await closing;
    await application.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

const isEntryPoint = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isEntryPoint) {
  startServer().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(EXIT_CONFIG_ERROR);
    }
    process.stderr.write(`datathread could not start: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
