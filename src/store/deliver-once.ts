// The one delivery rule every visible post follows (chat answers and scheduled posts alike), so a
// run that dies, or loses the store, at any point between deciding to post and recording the post
// never makes a second copy appear:
//   1. a message already recorded under the key is the answer: nothing is posted;
//   2. the run confirms it still holds its lease, and records the intent (the key) in the store
//      BEFORE calling the platform;
//   3. an earlier run that recorded the intent may have posted without recording the message: the
//      target is searched for a message carrying the key (Slack message metadata), and one found is
//      recorded instead of posting again;
//   4. the message is posted carrying the key, and its id recorded.
// A platform that cannot read a message back (Teams' connector) has no step 3; its window of a
// possible duplicate is only between the platform's answer and the store's write of step 4.
// No platform SDK here: the channel or the scheduler passes the steps in.

/** What the store knows of one key, and how it records the steps (each fenced by the run's lease). */
export interface DeliveryRecord {
  /** The message id an earlier run recorded for this key. */
  postedMessageId: string | undefined;
  /** Whether an earlier run recorded the intent to post under this key (it may have posted). */
  intentRecorded: boolean;
  /** Throws when this run no longer holds its lease (another run delivers). */
  confirmLease(): Promise<void>;
  /** Stores the intent; throws when it cannot be stored, so nothing is posted. */
  recordIntent(): Promise<void>;
  recordPosted(messageId: string): Promise<void>;
}

/** The platform side: post a message carrying the key, and (where the platform can) find one. */
export interface KeyedPoster {
  post(deliveryKey: string): Promise<string>;
  /** The id of a message in the target that carries `deliveryKey`, undefined when there is none. */
  findByKey?(deliveryKey: string): Promise<string | undefined>;
}

export type DeliveryResult = { messageId: string; how: 'already recorded' | 'found in the thread' | 'posted' };

export async function deliverOnce(deliveryKey: string, record: DeliveryRecord, poster: KeyedPoster): Promise<DeliveryResult> {
  if (record.postedMessageId) return { messageId: record.postedMessageId, how: 'already recorded' };
  await record.confirmLease();
  if (record.intentRecorded && poster.findByKey) {
    const found = await poster.findByKey(deliveryKey);
    if (found) {
      await record.recordPosted(found);
      return { messageId: found, how: 'found in the thread' };
    }
  }
  if (!record.intentRecorded) await record.recordIntent();
  const messageId = await poster.post(deliveryKey);
  await record.recordPosted(messageId);
  return { messageId, how: 'posted' };
}

