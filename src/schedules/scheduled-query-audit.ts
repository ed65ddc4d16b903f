// A scheduled run's queries go into the query audit like anyone's: under the thread the schedule
// was made in (so the thread's audit shows them) and its owner. The audit's detail names the
// schedule, which is how the usage report tells them apart: they count where the schedule posts,
// and under no model, since a run calls none.
import type { QueryAuditRecord } from '../store/types.js';

const SCHEDULED_DETAIL = /^schedule (\S+)$/;

export function scheduledQueryAuditDetail(scheduleId: string): string {
  return `schedule ${scheduleId}`;
}

/** The schedule whose run executed `query`, or undefined for a query a person's turn asked for. */
export function scheduleIdOfAuditedQuery(query: Pick<QueryAuditRecord, 'detail' | 'model' | 'refused'>): string | undefined {
  // A refusal's or an error's detail is a sentence; a model's query is never a scheduled run's.
  if (query.refused || query.model || !query.detail) return undefined;
  return SCHEDULED_DETAIL.exec(query.detail)?.[1];
}
