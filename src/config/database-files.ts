// The files a database entry names besides its own `path` (a BigQuery key, a Snowflake private
// key, a CA bundle) are resolved against the config file's folder and read once at start-up, so a
// missing or unreadable file is a configuration problem naming the database and the file, not a
// stack trace when the adapter first opens it.
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { ConfigProblem } from './config-error.js';
import type { DatabaseConfig } from '../databases/database-config.js';

/** Settings holding a file path, and what the file must contain. */
const FILE_SETTINGS = {
  credentials_path: { what: 'the credentials JSON file', json: true },
  private_key_path: { what: 'the private key file', json: false },
  ssl_ca_path: { what: 'the CA certificate file', json: false },
} as const satisfies Record<string, { what: string; json: boolean }>;

type FileSetting = keyof typeof FILE_SETTINGS;

function problemWithFile(path: string, json: boolean): string | undefined {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch {
    return 'does not exist';
  }
  if (!isFile) return 'is not a file';
  try {
    accessSync(path, constants.R_OK);
  } catch {
    return 'cannot be read by this process (check its permissions)';
  }
  if (!json) return undefined;
  try {
    JSON.parse(readFileSync(path, 'utf8'));
    return undefined;
  } catch (error) {
    return `is not valid JSON (${(error as Error).message.split('\n')[0]})`;
  }
}

/** Resolves each database's file settings against `configDirectory` and reports unusable files. */
export function checkDatabaseFiles(databases: DatabaseConfig[], configDirectory: string, problems: ConfigProblem[]): DatabaseConfig[] {
  return databases.map((database, index) => {
    const resolved: DatabaseConfig = { ...database };
    for (const setting of Object.keys(FILE_SETTINGS) as FileSetting[]) {
      const value = database[setting];
      if (value === undefined) continue;
      const path = isAbsolute(value) ? value : resolve(configDirectory, value);
      resolved[setting] = path;
      const { what, json } = FILE_SETTINGS[setting];
      const problem = problemWithFile(path, json);
      if (problem) {
        problems.push({
          key: `databases[${index}].${setting}`,
          problem: `of database "${database.name}" points to ${path}, which ${problem}`,
          fix: `put ${what} there, or correct the path (a relative path is read from the config file's folder)`,
        });
      }
    }
    if (typeof database.credentials_json === 'string') {
      try {
        JSON.parse(database.credentials_json);
      } catch (error) {
        problems.push({
          key: `databases[${index}].credentials_json`,
          problem: `of database "${database.name}" is not valid JSON (${(error as Error).message.split('\n')[0]})`,
          fix: 'give the key file\'s JSON as it is, or use credentials_path with the file',
        });
      }
    }
    return resolved;
  });
}
