// Shared start-up for every entry point: environment -> config -> logger. A config error is
// printed plainly and ends the process with a non-zero code before anything is served.
import { ConfigError } from '../config/config-error.js';
import { environmentSecrets, readEnvironment, type Environment } from '../config/environment.js';
import { loadConfig, type LoadedConfig } from '../config/load-config.js';
import { createLogger, type Logger } from '../logging/logger.js';

export interface Bootstrapped {
  environment: Environment;
  config: LoadedConfig;
  logger: Logger;
}

export const EXIT_CONFIG_ERROR = 2;

export function bootstrap(variables?: Readonly<Record<string, string | undefined>>): Bootstrapped {
  try {
    const environment = readEnvironment(variables);
    const config = loadConfig(environment);
    // Passwords and MCP server credentials come from the config (often through {{ env() }}).
    const mcpSecrets = config.mcp.servers.flatMap((server) => [...Object.values(server.env ?? {}), ...Object.values(server.headers ?? {})]);
    const secrets = [...environmentSecrets(environment), ...config.databases.map((database) => database.password), ...mcpSecrets];
    const logger = createLogger({ level: environment.logLevel, secrets });
    return { environment, config, logger };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(EXIT_CONFIG_ERROR);
    }
    throw error;
  }
}
