// The text `datathread init` writes: a commented datathread.yaml for one database and one model
// provider, and the .env.example naming the variables it reads. Passwords never go into the YAML:
// it reads them with {{ env('…') }}, and .env.example lists each variable with an empty value.
import { UsageError } from './arguments.js';

export const STARTER_TYPES = ['duckdb', 'sqlite', 'postgres', 'mysql', 'redshift', 'starrocks', 'clickhouse', 'trino', 'mssql', 'snowflake', 'bigquery', 'athena', 'databricks'] as const;
export type StarterType = (typeof STARTER_TYPES)[number];
export const STARTER_PROVIDERS = ['openai', 'anthropic', 'google', 'azure', 'bedrock', 'openai_compatible'] as const;
export type StarterProvider = (typeof STARTER_PROVIDERS)[number];

export interface StarterChoices {
  type: StarterType;
  /** A file path (duckdb, sqlite), a URL `scheme://user@host:port/database` (server types), or an id (bigquery: the project). */
  connection: string;
  provider: StarterProvider;
}

export interface StarterFiles {
  config: string;
  envExample: string;
}

const FILE_TYPES: readonly StarterType[] = ['duckdb', 'sqlite'];
/** The password variable the config reads, and .env.example names. */
const PASSWORD_VARIABLE = 'WAREHOUSE_PASSWORD';

/** What each provider reads from the environment (docs/model-providers.md). */
const PROVIDER_VARIABLES: Record<StarterProvider, string[]> = {
  openai: ['OPENAI_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY'],
  google: ['GOOGLE_GENERATIVE_AI_API_KEY'],
  azure: ['AZURE_OPENAI_RESOURCE_NAME', 'AZURE_OPENAI_DEPLOYMENT', 'AZURE_OPENAI_API_KEY'],
  bedrock: ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'],
  openai_compatible: ['OPENAI_BASE_URL', 'OPENAI_API_KEY'],
};

/** What the connection value is, for the question asked and the usage error. */
export function connectionHint(type: StarterType): string {
  if (FILE_TYPES.includes(type)) return `the ${type === 'duckdb' ? 'DuckDB' : 'SQLite'} file's path, relative to datathread.yaml`;
  if (type === 'bigquery') return 'the Google Cloud project id';
  if (type === 'athena') return 'the S3 location for query results, such as s3://acme-athena-results/datathread/';
  if (type === 'databricks') return "the SQL warehouse's host and HTTP path, such as adb-123.azuredatabricks.net/sql/1.0/warehouses/abc";
  if (type === 'snowflake') return 'the account host name, such as acme.snowflakecomputing.com';
  return `a URL such as ${type}://reader@db.internal:5432/analytics (no password: it is read from ${PASSWORD_VARIABLE})`;
}

function quoted(value: string): string {
  return JSON.stringify(value);
}

/** `postgres://reader@db.internal:5432/analytics` as host, port, database and user; a password in it is refused. */
function serverConnection(type: StarterType, connection: string): string[] {
  let url: URL;
  try {
    url = new URL(connection.includes('://') ? connection : `${type}://${connection}`);
  } catch {
    throw new UsageError(`--connection ${connection}: not a URL; give ${connectionHint(type)}`);
  }
  if (url.password) throw new UsageError(`--connection: leave the password out of the URL; datathread.yaml reads it from ${PASSWORD_VARIABLE} (put it in .env, never in the file)`);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const lines = [`    host: ${quoted(url.hostname)}`];
  if (url.port) lines.push(`    port: ${url.port}`);
  if (database) lines.push(`    database: ${quoted(database)}${type === 'trino' ? '            # the catalog' : ''}`);
  lines.push(`    user: ${quoted(decodeURIComponent(url.username) || 'datathread_reader')}   # a read-only login: docs/read-only.md`);
  lines.push(`    password: "{{ env('${PASSWORD_VARIABLE}') }}"`);
  return lines;
}

function databaseLines(choices: StarterChoices): string[] {
  const { type, connection } = choices;
  if (FILE_TYPES.includes(type)) return [`    path: ${quoted(connection)}            # relative to this file`];
  if (type === 'bigquery') return [`    project_id: ${quoted(connection)}`, '    # dataset_id: sales           # the default dataset', '    # credentials_path: ./bigquery-reader.json   # none = Application Default Credentials'];
  if (type === 'athena') return [`    s3_staging_dir: ${quoted(connection)}`, `    region_name: "{{ env('AWS_REGION') }}"`, '    # work_group: primary', '    # schema_name: sales          # the Glue database queries run in'];
  if (type === 'snowflake') return [`    host: ${quoted(connection)}`, '    user: datathread_reader', `    password: "{{ env('${PASSWORD_VARIABLE}') }}"`, '    # warehouse: ANALYTICS_WH', '    # role: DATATHREAD_READER'];
  if (type === 'databricks') {
    const [host = '', ...path] = connection.replace(/^https?:\/\//, '').split('/');
    if (path.length === 0) throw new UsageError(`--connection ${connection}: give ${connectionHint(type)}`);
    return [`    server_hostname: ${quoted(host)}`, `    http_path: ${quoted(`/${path.join('/')}`)}`, `    access_token: "{{ env('${PASSWORD_VARIABLE}') }}"`, '    # catalog: main'];
  }
  return serverConnection(type, connection);
}

export function starterFiles(choices: StarterChoices): StarterFiles {
  const needsPassword = !FILE_TYPES.includes(choices.type) && choices.type !== 'bigquery' && choices.type !== 'athena';
  const config = [
    '# datathread configuration, written by `datathread init`.',
    '# Every key: docs/configuration.md. Check it with `bin/datathread.js check`.',
    '# {{ env(\'NAME\') }} reads an environment variable: secrets stay out of this file (see .env.example).',
    '',
    'databases:',
    '  - name: warehouse               # how people and the agent name this database',
    `    type: ${choices.type}               # docs/warehouses/ has a page per family`,
    ...databaseLines(choices),
    '    # sync:',
    '    #   sample_values: false       # frequent values of low-cardinality text columns (docs/sync.md)',
    '',
    'agent:',
    `  provider: ${choices.provider}          # docs/model-providers.md; its settings come from the environment`,
    '  # model: gpt-4.1-mini          # default: the provider\'s own default model',
    '',
    'context:',
    '  path: ./context                # notes and `datathread sync` output the agent can search',
    '',
    '# access:                        # no rules = everyone may use every database (docs/access.md)',
    '#   rules:',
    '#     - databases: ["*"]',
    '#       channels: [C0123ANALYTICS]',
    '',
  ].join('\n');
  const warehouseVariables = [...(needsPassword ? [PASSWORD_VARIABLE] : []), ...(choices.type === 'athena' ? ['AWS_REGION'] : [])];
  const variables = [...new Set([...PROVIDER_VARIABLES[choices.provider], ...warehouseVariables])];
  const envExample = [
    '# The environment datathread.yaml and the model provider read. Copy to .env (never commit it) and fill in.',
    ...variables.map((name) => `${name}=`),
    '# Slack (docs/slack.md): SLACK_BOT_TOKEN=, SLACK_SIGNING_SECRET=',
    '# Teams (docs/teams.md): clientId=, clientSecret=, tenantId=',
    '',
  ].join('\n');
  return { config, envExample };
}
