// A turn job's post, through the one delivery rule (deliver-once.ts): its key is the job and the
// post's place in the reply (`turn:<jobId>:post:2`), its intent and its message are kept in the
// job's post ledger (`post:2:intent`, then `post:2`), so a rerun of the job finds what an earlier
// run posted even when that run died before recording the message.
import type { DeliveryRecord } from '../store/deliver-once.js';
import { TurnLeaseLostError } from './job-lease.js';
import type { PostLedger } from './turn-jobs.js';

const INTENT_SUFFIX = ':intent';

export function turnDeliveryKey(ledger: PostLedger, postKey: string): string {
  return `turn:${ledger.jobId}:${postKey}`;
}

/**
 * `confirmLease` is the job's (TurnJobRun.confirmLease); a caller whose turn runner confirmed the
 * lease right before the reply passes one that resolves at once.
 */
export function ledgerDeliveryRecord(ledger: PostLedger, postKey: string, confirmLease: () => Promise<void>): DeliveryRecord {
  return {
    postedMessageId: ledger.get(postKey),
    intentRecorded: ledger.get(`${postKey}${INTENT_SUFFIX}`) !== undefined,
    confirmLease,
    async recordIntent() {
      // Not stored while the lease lasted: a rerun would not know to look, so nothing is posted.
      if (!(await ledger.record(`${postKey}${INTENT_SUFFIX}`, 'intent'))) throw new TurnLeaseLostError('The intent to post could not be recorded before the lease expired; another run answers.');
    },
    async recordPosted(messageId) {
      await ledger.record(postKey, messageId);
    },
  };
}
