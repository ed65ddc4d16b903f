// A model that names an existing tool in another spelling ("functions.execute_sql", "Execute_SQL",
// "execute-sql") means that tool: the call is renamed and runs, instead of costing a round trip as
// a "no such tool" error. Any other unknown name, and input that fails the tool's schema, go back
// to the model as tool errors, which it reads and corrects.
import { NoSuchToolError, type ToolCallRepairFunction, type ToolSet } from 'ai';

/** Namespaces some models put before a function name. */
const NAMESPACE_PREFIX = /^(?:functions|tools|functions\.tools)[.:/]/i;

export const repairToolName: ToolCallRepairFunction<ToolSet> = async ({ toolCall, tools, error }) => {
  if (!NoSuchToolError.isInstance(error)) return null;
  const wanted = comparable(toolCall.toolName);
  const matches = Object.keys(tools).filter((name) => comparable(name) === wanted);
  // Two tools the same once spelled alike: guessing could run the wrong one.
  return matches.length === 1 ? { ...toolCall, toolName: matches[0]! } : null;
};

function comparable(name: string): string {
  return name.trim().replace(NAMESPACE_PREFIX, '').toLowerCase().replace(/[-\s]/g, '_');
}
