// One ScheduleDelivery over the channels this server runs: a schedule posts through the channel of
// the platform it was made on. A platform this server does not run fails the run (counted like any
// failure, so the schedule pauses after the configured number) instead of posting elsewhere.
import type { Logger } from '../logging/logger.js';
import type { Platform } from '../support/platforms.js';
import { ScheduleDeliveryUnavailableError } from './schedule-errors.js';
import type { ScheduleDelivery } from './scheduled-post.js';
import type { ScheduleRecord } from '../store/schedule-types.js';

export type ScheduleDeliveries = Partial<Record<Platform, ScheduleDelivery>>;

export function platformScheduleDelivery(deliveries: ScheduleDeliveries, logger: Logger): ScheduleDelivery {
  const deliveryOf = (schedule: ScheduleRecord) => deliveries[schedule.owner.platform];
  return {
    async post(schedule, post, deliveryKey) {
      const delivery = deliveryOf(schedule);
      if (!delivery) throw new ScheduleDeliveryUnavailableError(`${schedule.owner.platform} is not started on this server, so the schedule cannot post.`);
      return delivery.post(schedule, post, deliveryKey);
    },
    async findPost(schedule, deliveryKey) {
      return deliveryOf(schedule)?.findPost?.(schedule, deliveryKey);
    },
    async tellOwner(schedule, text) {
      const delivery = deliveryOf(schedule);
      // Nowhere to tell them: the log is the only witness, and the run's outcome says why.
      if (!delivery) return logger.warn('a schedule owner could not be told: their platform is not started', { scheduleId: schedule.scheduleId, platform: schedule.owner.platform });
      await delivery.tellOwner(schedule, text);
    },
    async ownerGoneReason(schedule) {
      return deliveryOf(schedule)?.ownerGoneReason?.(schedule);
    },
  };
}
