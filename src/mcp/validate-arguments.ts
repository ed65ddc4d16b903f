// MCP tool arguments are checked against the tool's (repaired) input schema before the call, so
// a malformed call comes back to the model as VALIDATION_ERROR (nao's wording) instead of an
// opaque server error. A schema that cannot be compiled leaves the server as the judge.
import { z } from 'zod';

export type ArgumentsValidator = (value: unknown) => string[];

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? `\`${issue.path.map(String).join('.')}\`` : 'arguments';
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return `${where} is required (expected ${issue.expected})`;
  return `${where}: ${issue.message}`;
}

export function compileArgumentsValidator(schema: object): ArgumentsValidator {
  let compiled: z.ZodType;
  try {
    compiled = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    return () => [];
  }
  return (value) => {
    try {
      const result = compiled.safeParse(value ?? {});
      return result.success ? [] : result.error.issues.map(describeIssue);
    } catch {
      return [];
    }
  };
}

export function renderValidationError(server: string, tool: string, issues: string[]): string {
  return [
    `VALIDATION_ERROR: The arguments for tool "${tool}" on server "${server}" do not match its schema:`,
    ...issues.map((issue) => `- ${issue}`),
    `Fix the arguments to match the tool's input schema and call again.`,
  ].join('\n');
}
