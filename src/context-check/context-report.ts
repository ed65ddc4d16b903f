// The review as Markdown for the operator: the summary, open and resolved findings, the files the
// patch changes, and the manual fixes with their prompts.
import type { Finding } from './findings.js';
import type { FileChange, ManualFix } from './proposed-edits.js';

export interface ContextReport {
  summary: string;
  findings: Finding[];
  changes: FileChange[];
  manualFixes: ManualFix[];
  patchFile: string;
  applied: boolean;
}

const SEVERITY_ORDER = { high: 0, medium: 1, low: 2 } as const;

function findingLine(finding: Finding): string {
  const where = finding.filePath ? ` (${finding.filePath})` : '';
  return `- **${finding.title}**${where} — \`${finding.fingerprint}\`, ${finding.severity}\n  ${finding.detail.replace(/\n/g, '\n  ')}`;
}

export function renderContextReport(report: ContextReport): string {
  const open = report.findings.filter((finding) => finding.status === 'open').sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  const resolved = report.findings.filter((finding) => finding.status === 'resolved');
  const lines = ['# Context check', '', report.summary || '(no summary)', '', `## Open findings (${open.length})`, ...(open.length > 0 ? open.map(findingLine) : ['None.'])];
  if (resolved.length > 0) lines.push('', `## Resolved findings (${resolved.length})`, ...resolved.map((finding) => `- ${finding.title} — \`${finding.fingerprint}\`: ${finding.resolution ?? ''}`));
  lines.push('', `## Proposed edits (${report.changes.length} files)`);
  if (report.changes.length === 0) lines.push('None.');
  else {
    lines.push(...report.changes.map((change) => `- ${change.virtualPath}: ${change.reasons.filter(Boolean).join('; ') || 'edited'}`));
    lines.push('', report.applied ? 'Applied to the context folder (--apply).' : `Not applied. Review ${report.patchFile}, then apply it in the context folder with \`git apply\`, or run again with --apply.`);
  }
  if (report.manualFixes.length > 0) {
    lines.push('', `## Manual fixes (${report.manualFixes.length})`);
    for (const fix of report.manualFixes) lines.push('', `### ${fix.title}`, ...(fix.problem ? [fix.problem, ''] : []), '```text', fix.prompt, '```');
  }
  return `${lines.join('\n')}\n`;
}
