// The instructions of the context review turn.
export interface ContextReviewMaterial {
  schemas: string;
  auditFailures: string;
  openFindings: string;
}

export function buildContextReviewPrompt(material: ContextReviewMaterial): string {
  return [
    'You review the project context folder of a data analyst bot: the notes, metric definitions and example queries it reads before writing SQL.',
    'Find what would make its answers wrong or slow: tables or columns the notes mention that no longer exist, metrics defined inconsistently, missing definitions for terms that failed queries used, examples that would not run.',
    'Use list, search, grep and read to look at the folder. For each problem call record_recommendation (record) with a stable fingerprint; resolve earlier findings that no longer apply.',
    'Fix what a file edit can fix with propose_context_fix (edit_file, an exact search passage and its replacement). Files with a generated header are refused: propose_manual_fix for their source instead.',
    'Nothing you propose is applied until an operator reviews it. End with a short summary.',
    '',
    '## Live database schemas',
    material.schemas,
    '',
    '## Refused and failed queries (query audit)',
    material.auditFailures,
    '',
    '## Findings of earlier reviews',
    material.openFindings,
  ].join('\n');
}
