// Every stable error code datathread uses, with what it means: the one list a log reader, an alert
// or a caller that branches on `code` looks in. DatathreadError's `code` is typed by this list, so a
// new error adds its code here; test/support/error-codes.test.ts fails on a code no error uses.
export const ERROR_CODES = {
  // configuration and start-up
  config_invalid: 'datathread.yaml or an environment variable does not fit the schema; the message names each key and the fix',
  usage_invalid: 'a command line the CLI cannot read (unknown command, missing or malformed option)',
  encryption_key_invalid: 'the key that encrypts stored user tokens is missing or malformed',
  slack_configuration_invalid: 'the Slack credentials are missing or refused by Slack at start-up',
  teams_configuration_invalid: 'the Teams (Azure Bot) settings are missing or inconsistent',
  store_url_unsupported: 'DATATHREAD_STATE names a state store scheme other than sqlite: or postgres:',
  // the state store
  store_unavailable: 'the state store cannot be reached or refused a write; nothing was acknowledged',
  story_exists: 'a story with that slug already exists in the thread',
  story_version_conflict: "a story version was added that is not the latest + 1 (another writer won)",
  story_not_found: 'the thread has no story with that slug or version',
  turn_job_payload_invalid: 'a stored turn job fits no payload version this release reads; the job is not run',
  turn_lease_lost: "a worker lost its turn job's lease (another replica took the job over)",
  event_not_accepted: 'an incoming event could not be stored as a turn job, so it was not acknowledged',
  // warehouses and queries
  query_timeout: 'a query ran past its timeout and was cancelled on the server',
  query_failed: 'the warehouse refused or failed a query (syntax, permission, missing table)',
  database_unavailable: 'a warehouse cannot be reached or refused the connection',
  user_credential_required: "a federated database needs the asking person's own sign-in first",
  warehouse_size_refused: "the Snowflake session's warehouse is larger than max_warehouse_size, or its size cannot be read",
  statement_gate_not_ready: 'the SQL statement gate was used before it was prepared (a programming fault)',
  // access, identity and sign-in
  access_denied: "a context-folder path or pattern refused: ignored by the folder's ignore file, absolute, or with '..'",
  context_path_not_found: 'a path inside the context folder that does not exist or is not the kind asked for',
  result_access_denied: 'the person may not read the database a stored result came from',
  sign_in_refused: 'Microsoft did not sign the person in (the sign-in callback carried an error)',
  sign_in_state_invalid: 'a sign-in link or callback whose state is forged, expired or already used',
  identity_provider_failed: 'Microsoft Entra ID could not be reached or answered with an unexpected error',
  graph_request_failed: 'Microsoft Graph refused or failed a request (no token, a missing permission, Graph down)',
  // the model, tools and sandbox
  model_stream_failed: "the model's answer broke off while streaming (a frame the client could not read)",
  mcp_server_unavailable: 'a configured MCP server cannot be started or reached',
  python_function_refused: 'a context function (read_file, list_files, query_result) refused a call from Python code',
  python_worker_failed: 'no Python worker could run the program (all busy, or failing to start)',
  chart_render_failed: 'a chart could not be rendered to PNG',
  chart_font_missing: 'the fonts charts are drawn with are not installed',
  // channels
  channel_unreachable: 'the Slack channel or thread cannot be posted to (archived, deleted, bot removed)',
  // schedules
  invalid_schedule: 'a schedule whose cron expression, time zone or query does not fit',
  schedule_not_found: 'no schedule with that id',
  schedule_not_allowed: 'someone other than the owner or an admin tried to change a schedule',
  schedule_delivery_target_gone: 'the place a schedule posts to is gone; the schedule pauses',
  schedule_delivery_unavailable: "the schedule's platform has no channel running on this server",
  schedule_lease_lost: "a worker lost a schedule run's lease (another replica took the run over)",
  // sync and evaluation
  dbt_artifact_invalid: 'a dbt manifest or semantic manifest that cannot be read',
  eval_cases_invalid: 'an eval case file that does not fit the case schema',
  eval_previous_run_unreadable: 'the --compare file is missing or not the JSON of an earlier eval run',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
