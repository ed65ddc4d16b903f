// clarification{question, options?}: asks the user one question and ends the turn. The engine
// persists it; the user's answer (a button or a thread reply) starts the next turn.
import { tool } from 'ai';
import { z } from 'zod';
import type { ToolContext } from './tool-context.js';

export const clarificationInputSchema = z.object({
  question: z.string().min(1).max(500).describe('One short question that resolves the ambiguity.'),
  options: z.array(z.string().min(1).max(75)).min(2).max(5).optional().describe('2 to 5 likely answers, shown as buttons.'),
});

export function createClarificationTool(context: ToolContext) {
  return tool({
    description:
      'Ask the user a clarifying question when the request is ambiguous (which metric, which period, which database) and you cannot make a sensible assumption. This ends your turn; the answer arrives as the next user message. Do not ask when a reasonable default exists: state the assumption instead.',
    inputSchema: clarificationInputSchema,
    execute: async ({ question, options }) => {
      context.clarification = { question, options: options ?? [] };
      return { _version: '1' as const, asked: true };
    },
    toModelOutput: () => ({ type: 'text', value: 'The question was shown to the user. Wait for their answer.' }),
  });
}
