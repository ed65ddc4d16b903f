// Files a database entry names (a BigQuery key, a Snowflake private key, a CA bundle) are checked
// when the config loads: a missing, misplaced or broken file is a problem naming the database, the
// key and the file, and relative paths are read from the config file's folder.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { readEnvironment } from '../../src/config/environment.js';
import { parseConfigText } from '../../src/config/load-config.js';

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-config-files-'));
  await mkdir(join(directory, 'keys'));
  await writeFile(join(directory, 'keys', 'reader.json'), JSON.stringify({ type: 'service_account', project_id: 'shop' }));
  await writeFile(join(directory, 'keys', 'broken.json'), '{"type": "service_account",');
  await writeFile(join(directory, 'keys', 'ca.pem'), '-----BEGIN CERTIFICATE-----\n');
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const bigquery = (extra: string) => ['databases:', '  - name: analytics', '    type: bigquery', '    project_id: shop', extra].join('\n');

function load(text: string) {
  return parseConfigText(text, join(directory, 'datathread.yaml'), readEnvironment({}));
}

function problemsOf(text: string): string[] {
  try {
    load(text);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((problem) => `${problem.key}: ${problem.problem}. Fix: ${problem.fix}`);
    throw error;
  }
  return [];
}

describe('files named by database settings', () => {
  it('reads a relative credentials_path from the config file\'s folder', () => {
    expect(load(bigquery('    credentials_path: keys/reader.json')).databases[0]!.credentials_path).toBe(join(directory, 'keys', 'reader.json'));
  });

  it('names the database and the file when credentials_path does not exist', () => {
    const missing = join(directory, 'keys', 'missing.json');
    expect(problemsOf(bigquery(`    credentials_path: ${missing}`))).toEqual([
      `databases[0].credentials_path: of database "analytics" points to ${missing}, which does not exist. Fix: put the credentials JSON file there, or correct the path (a relative path is read from the config file's folder)`,
    ]);
  });

  it('refuses a credentials file that is not JSON, a folder in place of a file, and inline JSON that does not parse', () => {
    expect(problemsOf(bigquery('    credentials_path: keys/broken.json'))[0]).toMatch(
      new RegExp(`^databases\\[0\\]\\.credentials_path: of database "analytics" points to ${join(directory, 'keys', 'broken.json')}, which is not valid JSON \\(`),
    );
    expect(problemsOf(bigquery('    credentials_path: keys'))[0]).toContain(`points to ${join(directory, 'keys')}, which is not a file.`);
    expect(problemsOf(bigquery(`    credentials_json: '{"type": '`))[0]).toMatch(/^databases\[0\]\.credentials_json: of database "analytics" is not valid JSON \(/);
  });

  it('checks the Snowflake private key and the Databricks CA bundle the same way', () => {
    const text = [
      'databases:',
      '  - name: snow',
      '    type: snowflake',
      '    host: acme.snowflakecomputing.com',
      '    user: reader',
      '    private_key_path: keys/reader.p8',
      '  - name: lake',
      '    type: databricks',
      '    server_hostname: adb.example.net',
      '    http_path: /sql/1.0/warehouses/abc',
      '    access_token: dapi-token',
      '    ssl_ca_path: keys/ca.pem',
    ].join('\n');
    expect(problemsOf(text)).toEqual([
      `databases[0].private_key_path: of database "snow" points to ${join(directory, 'keys', 'reader.p8')}, which does not exist. Fix: put the private key file there, or correct the path (a relative path is read from the config file's folder)`,
    ]);
  });
});
