// propose_context_fix{action: edit_file|propose_manual_fix, ...}: edit_file replaces one exact
// passage of a context file (edits to one file accumulate); propose_manual_fix describes a fix that
// is not a file edit (a generated file's source, a database comment) as a ready prompt.
import { tool } from 'ai';
import { z } from 'zod';
import type { ProposedEdits } from './proposed-edits.js';

export const proposeContextFixInputSchema = z.object({
  action: z.enum(['edit_file', 'propose_manual_fix']),
  file_path: z.string().nullish().describe('edit_file: the context file, e.g. /metrics/revenue.md. May be null otherwise.'),
  search: z.string().nullish().describe('edit_file: the exact passage to replace, copied from read, matching once. May be null otherwise.'),
  replace: z.string().nullish().describe('edit_file: the new text for that passage. May be null otherwise.'),
  reason: z.string().nullish().describe('Why: the finding it fixes. May be null.'),
  title: z.string().nullish().describe('propose_manual_fix: one line. May be null otherwise.'),
  prompt: z.string().nullish().describe('propose_manual_fix: complete instructions someone can follow (or paste into a coding assistant) without this conversation. May be null otherwise.'),
});

export function createProposeContextFixTool(edits: ProposedEdits) {
  return tool({
    description: 'Propose a fix to the context folder: edit_file (search and replace, nothing is written until an operator applies it) or propose_manual_fix.',
    inputSchema: proposeContextFixInputSchema,
    execute: async (input): Promise<string> => {
      if (input.action === 'propose_manual_fix') {
        if (!input.title || !input.prompt) return 'propose_manual_fix needs title and prompt.';
        edits.proposeManualFix({ title: input.title, problem: input.reason ?? '', prompt: input.prompt });
        return `Manual fix proposed: ${input.title}.`;
      }
      if (!input.file_path || input.search == null || input.replace == null) return 'edit_file needs file_path, search and replace.';
      const result = await edits.editFile(input.file_path, input.search, input.replace, input.reason ?? '');
      if (!result.ok) return `Edit refused: ${result.error}`;
      return `Edit recorded for ${result.change.virtualPath} (${result.change.reasons.length} edit(s) to this file so far).`;
    },
  });
}
