// Posts a schedule's runs into Slack with the bot token: the message into the stored channel (and
// thread, when the schedule posts into one), its charts as PNG uploads beside it (a story's charts
// inside it, as image blocks), and notices to the
// owner as a direct message. A channel the bot can no longer post to pauses the schedule, and so
// does an owner whose account users.info reports deactivated (`deleted: true`) before a run.
import { z } from 'zod';
import { DeliveryTargetGoneError } from '../../../schedules/schedule-errors.js';
import type { ScheduleDelivery } from '../../../schedules/scheduled-post.js';
import { deliveryKeyMetadata, findMessageWithDeliveryKey } from '../outbox/delivery-key-metadata.js';
import { explainSlackError, isUnreachableChannel, slackErrorCode } from '../outbox/slack-api-errors.js';
import type { MessageMetadata } from '../outbox/slack-outbox.js';
import type { SlackBlock } from '../render/block-kit.js';
import { STORY_IMAGE_RETRY_DELAYS_MS } from '../stories/post-story-parts.js';
import type { SlackWebClient } from '../types.js';
import { scheduledPostBlocks } from './scheduled-post-blocks.js';
import { scheduledStoryBlocks } from './scheduled-story-blocks.js';

/** Where a Slack schedule posts: a channel, and the thread when it posts into one. */
const slackScheduleTargetSchema = z.object({ channelId: z.string().min(1), threadTs: z.string().min(1).optional() });

type PostArguments = { channel: string; text: string; blocks: SlackBlock[]; thread_ts?: string; metadata?: MessageMetadata };

/**
 * Slack can refuse an image block whose uploaded file it is still processing (`invalid_blocks`):
 * a story's message is posted again after a pause, as a story posted in a turn is.
 */
async function postWithImages(client: SlackWebClient, message: PostArguments, sleep: (milliseconds: number) => Promise<void>) {
  const delays = message.blocks.some((block) => block.type === 'image') ? STORY_IMAGE_RETRY_DELAYS_MS : [];
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await client.chat.postMessage(message);
    } catch (error) {
      const delay = delays[attempt];
      if (slackErrorCode(error) !== 'invalid_blocks' || delay === undefined) throw error;
      await sleep(delay);
    }
  }
}

const pause = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

export function createSlackScheduleDelivery(client: SlackWebClient, sleep = pause): ScheduleDelivery {
  return {
    async post(schedule, post, deliveryKey) {
      const target = slackScheduleTargetSchema.parse(schedule.delivery);
      try {
        const storyBlocks = post.story ? await scheduledStoryBlocks(client, schedule.scheduleId, post.story) : [];
        const message = scheduledPostBlocks(post, storyBlocks);
        // The occurrence's key rides on the message, so a rerun finds it instead of posting again.
        const metadata = deliveryKeyMetadata(deliveryKey);
        const posted = await postWithImages(client, { channel: target.channelId, text: message.text, blocks: message.blocks, metadata, ...(target.threadTs ? { thread_ts: target.threadTs } : {}) }, sleep);
        const postedTs = String(posted.ts);
        // A story too long for one message continues where the post is: in its thread.
        for (const continuation of message.continuations) {
          await postWithImages(client, { channel: target.channelId, thread_ts: target.threadTs ?? postedTs, text: continuation.text, blocks: continuation.blocks }, sleep);
        }
        // A top-level post gets its charts in its own thread, so they stay with it.
        for (const upload of message.uploads) {
          await client.filesUploadV2({ channel_id: target.channelId, thread_ts: target.threadTs ?? postedTs, file: upload.png, filename: upload.filename, title: upload.title });
        }
        return postedTs;
      } catch (error) {
        if (isUnreachableChannel(error)) throw new DeliveryTargetGoneError(explainSlackError('post the scheduled report', error), { cause: error });
        throw error;
      }
    },
    async findPost(schedule, deliveryKey) {
      const target = slackScheduleTargetSchema.parse(schedule.delivery);
      return findMessageWithDeliveryKey(client, { channelId: target.channelId, threadTs: target.threadTs, deliveryKey });
    },
    async tellOwner(schedule, text) {
      // A user id as the channel: the app's direct message with the owner.
      await client.chat.postMessage({ channel: schedule.owner.userId, text });
    },
    async tellThread(schedule, text) {
      const target = slackScheduleTargetSchema.parse(schedule.delivery);
      await client.chat.postMessage({ channel: target.channelId, text, ...(target.threadTs ? { thread_ts: target.threadTs } : {}) });
    },
    async ownerGoneReason(schedule) {
      try {
        const { user } = await client.users.info({ user: schedule.owner.userId });
        return user?.deleted === true ? "the owner's Slack account is deactivated" : undefined;
      } catch {
        // An error (user_not_found for a Slack Connect owner, a rate limit, an outage) says nothing
        // certain about the owner: the run goes ahead rather than pausing a working schedule, and
        // an outage then shows in the post itself.
        return undefined;
      }
    },
  };
}
