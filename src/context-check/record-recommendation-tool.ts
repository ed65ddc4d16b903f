// record_recommendation{action: record|resolve, fingerprint, ...}: the review's findings, kept by
// fingerprint so a later run updates or resolves them instead of repeating them.
import { tool } from 'ai';
import { z } from 'zod';
import type { FindingsLedger } from './findings.js';

const FINGERPRINT = /^[a-z0-9][a-z0-9_.:/-]{2,120}$/;

export const recordRecommendationInputSchema = z.object({
  action: z.enum(['record', 'resolve']).describe('record a finding (again), or resolve one that no longer applies or that an edit fixes.'),
  fingerprint: z.string().describe('Stable id of the problem, the same in every run: kind:subject, e.g. "stale-column:orders.total_amount", "missing-metric:net_revenue".'),
  severity: z.enum(['high', 'medium', 'low']).nullish().describe('For record: high = answers will be wrong. May be null when resolving.'),
  title: z.string().nullish().describe('For record: one line. May be null when resolving.'),
  detail: z.string().nullish().describe('For record: what is wrong and the evidence (schema, failed query). For resolve: why it is resolved.'),
  file_path: z.string().nullish().describe('The context file concerned, e.g. /metrics/revenue.md. May be null.'),
});

export function createRecordRecommendationTool(ledger: FindingsLedger) {
  return tool({
    description: 'Record a finding about the context folder (or resolve an earlier one) under a stable fingerprint.',
    inputSchema: recordRecommendationInputSchema,
    execute: async (input): Promise<string> => {
      if (!FINGERPRINT.test(input.fingerprint)) return `fingerprint "${input.fingerprint}" must be lower case letters, digits and _ . : / - (3 to 121 characters), e.g. missing-metric:net_revenue.`;
      if (input.action === 'resolve') {
        const resolved = ledger.resolve(input.fingerprint, input.detail ?? 'resolved');
        return resolved ? `Resolved ${input.fingerprint}.` : `There is no finding ${input.fingerprint} to resolve; record it first if it is a problem.`;
      }
      if (!input.severity || !input.title || !input.detail) return 'To record a finding give severity, title and detail.';
      const { isNew } = ledger.record({ fingerprint: input.fingerprint, severity: input.severity, title: input.title, detail: input.detail, filePath: input.file_path ?? null });
      return isNew ? `Recorded ${input.fingerprint}.` : `Updated ${input.fingerprint} (it was recorded before).`;
    },
  });
}
