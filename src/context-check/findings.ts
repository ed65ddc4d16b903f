// Findings of a context review, kept between runs in `findings.json` of the output folder and
// identified by a stable fingerprint the model chooses (e.g. `missing-metric:net_revenue`): the
// same problem found again updates its finding instead of adding a second one; a fixed one is
// resolved by the same fingerprint.
import { readFile, writeFile } from 'node:fs/promises';

export type FindingSeverity = 'high' | 'medium' | 'low';

export interface Finding {
  fingerprint: string;
  severity: FindingSeverity;
  title: string;
  detail: string;
  /** The context file it concerns, when there is one (`/metrics/revenue.md`). */
  filePath: string | null;
  status: 'open' | 'resolved';
  resolution: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
}

export class FindingsLedger {
  private readonly findings = new Map<string, Finding>();

  constructor(private readonly now: () => Date, existing: readonly Finding[] = []) {
    for (const finding of existing) this.findings.set(finding.fingerprint, finding);
  }

  static async load(path: string, now: () => Date): Promise<FindingsLedger> {
    const text = await readFile(path, 'utf8').catch(() => undefined);
    return new FindingsLedger(now, text ? (JSON.parse(text) as { findings: Finding[] }).findings : []);
  }

  record(entry: Pick<Finding, 'fingerprint' | 'severity' | 'title' | 'detail' | 'filePath'>): { finding: Finding; isNew: boolean } {
    const seenAt = this.now().toISOString();
    const previous = this.findings.get(entry.fingerprint);
    const finding: Finding = { ...entry, status: 'open', resolution: null, firstSeenAt: previous?.firstSeenAt ?? seenAt, lastSeenAt: seenAt };
    this.findings.set(entry.fingerprint, finding);
    return { finding, isNew: previous === undefined };
  }

  resolve(fingerprint: string, resolution: string): Finding | undefined {
    const previous = this.findings.get(fingerprint);
    if (!previous) return undefined;
    const finding: Finding = { ...previous, status: 'resolved', resolution, lastSeenAt: this.now().toISOString() };
    this.findings.set(fingerprint, finding);
    return finding;
  }

  list(): Finding[] {
    return [...this.findings.values()];
  }

  async save(path: string): Promise<void> {
    await writeFile(path, `${JSON.stringify({ _version: '1', findings: this.list() }, null, 2)}\n`);
  }
}
