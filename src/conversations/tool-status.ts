// What the user sees while a tool runs ("Drawing a chart…"). execute_sql reports its own status
// with the database name.
const statuses: Record<string, string> = {
  read_query_result: 'Reading results…',
  display_chart: 'Drawing a chart…',
  story: 'Writing the story…',
  clarification: 'Asking a question…',
  suggest_follow_ups: 'Finishing up…',
  remember: 'Noting that…',
  read: 'Reading the project notes…',
  list: 'Reading the project notes…',
  search: 'Reading the project notes…',
  grep: 'Reading the project notes…',
  web_search: 'Searching the web…',
  web_fetch: 'Reading a web page…',
};

export function describeToolStatus(toolName: string): string | undefined {
  return statuses[toolName];
}
