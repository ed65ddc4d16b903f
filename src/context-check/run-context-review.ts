// One context review turn: the context tools (read, list, search, grep) plus record_recommendation
// and propose_context_fix, which chat turns never get. Returns the model's summary; the findings
// and the proposed edits are left in the ledger and the edit set.
import type { LanguageModel } from 'ai';
import { runAgentLoop } from '../agent/run-agent-loop.js';
import type { ContextFolder } from '../context-files/context-folder.js';
import type { DatabaseAdapter } from '../databases/types.js';
import type { Store } from '../store/types.js';
import { createGrepFilesTool } from '../tools/grep-files.js';
import { createListFilesTool } from '../tools/list-files.js';
import { createReadFileTool } from '../tools/read-file.js';
import { createSearchFilesTool } from '../tools/search-files.js';
import { buildContextReviewPrompt } from './context-review-prompt.js';
import type { FindingsLedger } from './findings.js';
import { createProposeContextFixTool } from './propose-context-fix-tool.js';
import type { ProposedEdits } from './proposed-edits.js';
import { createRecordRecommendationTool } from './record-recommendation-tool.js';
import { describeAuditFailures, describeSchemas } from './review-material.js';

export interface ContextReviewInput {
  model: LanguageModel;
  folder: ContextFolder;
  databases: readonly DatabaseAdapter[];
  store: Store;
  ledger: FindingsLedger;
  edits: ProposedEdits;
  maxSteps: number;
  signal: AbortSignal;
}

export async function runContextReview(input: ContextReviewInput): Promise<string> {
  const open = input.ledger.list().filter((finding) => finding.status === 'open');
  const system = buildContextReviewPrompt({
    schemas: await describeSchemas(input.databases),
    auditFailures: describeAuditFailures(await input.store.listQueryAudit()),
    openFindings: open.length > 0 ? open.map((finding) => `- ${finding.fingerprint} (${finding.severity}): ${finding.title}`).join('\n') : 'None.',
  });
  const result = await runAgentLoop({
    model: input.model,
    system,
    messages: [{ role: 'user', content: 'Review the context folder now.' }],
    tools: {
      read: createReadFileTool(input.folder),
      list: createListFilesTool(input.folder),
      search: createSearchFilesTool(input.folder),
      grep: createGrepFilesTool(input.folder),
      record_recommendation: createRecordRecommendationTool(input.ledger),
      propose_context_fix: createProposeContextFixTool(input.edits),
    },
    maxSteps: input.maxSteps,
    abortSignal: input.signal,
  });
  return result.text;
}
