// suggest_follow_ups{suggestions}: up to three next questions, shown as buttons; ends the turn.
import { tool } from 'ai';
import { z } from 'zod';
import type { ToolContext } from './tool-context.js';

export const suggestFollowUpsInputSchema = z.object({
  suggestions: z
    .array(z.string().min(1).max(150))
    .min(1)
    .max(3)
    .describe('1 to 3 short follow-up questions the user is likely to ask next, phrased as the user would ask them.'),
});

export function createSuggestFollowUpsTool(context: ToolContext) {
  return tool({
    description: 'Offer 1 to 3 follow-up questions as buttons. Call it last, after your answer text; it ends your turn.',
    inputSchema: suggestFollowUpsInputSchema,
    execute: async ({ suggestions }) => {
      context.followUps = suggestions;
      return { _version: '1' as const, shown: suggestions.length };
    },
    toModelOutput: () => ({ type: 'text', value: 'Follow-up suggestions shown.' }),
  });
}
