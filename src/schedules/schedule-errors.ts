// Errors of schedule creation and management, with stable codes.
import { DatathreadError } from '../support/errors.js';

export class InvalidScheduleError extends DatathreadError {
  override readonly name = 'InvalidScheduleError';
  readonly code = 'invalid_schedule';
}

export class ScheduleNotFoundError extends DatathreadError {
  override readonly name = 'ScheduleNotFoundError';
  readonly code = 'schedule_not_found';
}

/** The place a schedule posts to is gone (channel archived or deleted, bot removed): the schedule pauses. */
export class DeliveryTargetGoneError extends DatathreadError {
  override readonly name = 'DeliveryTargetGoneError';
  readonly code = 'schedule_delivery_target_gone';
}

/** Someone other than the owner or an admin tried to change a schedule. */
export class ScheduleNotAllowedError extends DatathreadError {
  override readonly name = 'ScheduleNotAllowedError';
  readonly code = 'schedule_not_allowed';
}

/** The schedule's platform has no channel running on this server (its settings are missing). */
export class ScheduleDeliveryUnavailableError extends DatathreadError {
  override readonly name = 'ScheduleDeliveryUnavailableError';
  readonly code = 'schedule_delivery_unavailable';
}
