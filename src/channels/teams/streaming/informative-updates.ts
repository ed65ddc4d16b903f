// The informative update a streamed Teams answer shows while a tool runs: one line per tool call
// that means something to the reader. Tools missing here run without an update.
const INFORMATIVE_TEXTS: Record<string, string> = {
  execute_sql: 'Querying warehouse…',
  read_query_result: 'Reading results…',
  display_chart: 'Drawing chart…',
  story: 'Writing story…',
  execute_sandboxed_code: 'Running analysis code…',
  web_search: 'Searching the web…',
  web_fetch: 'Reading a web page…',
};

export function informativeText(toolName: string): string | undefined {
  return INFORMATIVE_TEXTS[toolName];
}
