// Shared start-up for every entry point: environment -> config -> logger. A config error is
// printed plainly by the entry point, which ends with EXIT_CONFIG_ERROR before anything is served.
import { environmentSecrets, readEnvironment, type Environment } from './environment.js';
import { loadConfig, type LoadedConfig } from './load-config.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { setThreadpoolSize } from '../support/threadpool-slots.js';

export interface Bootstrapped {
  environment: Environment;
  config: LoadedConfig;
  logger: Logger;
}

export const EXIT_CONFIG_ERROR = 2;

/** Throws a ConfigError (every problem with its key and fix); callers print it and exit with EXIT_CONFIG_ERROR. */
export function bootstrap(variables?: Readonly<Record<string, string | undefined>>): Bootstrapped {
  const environment = readEnvironment(variables);
  setThreadpoolSize(environment.threadpoolSize);
  const config = loadConfig(environment);
  // Passwords and MCP server credentials come from the config (often through {{ env() }}).
  const mcpSecrets = config.mcp.servers.flatMap((server) => [...Object.values(server.env ?? {}), ...Object.values(server.headers ?? {})]);
  const secrets = [...environmentSecrets(environment), ...config.databases.map((database) => database.password), ...mcpSecrets];
  const logger = createLogger({ level: environment.logLevel, secrets });
  return { environment, config, logger };
}
