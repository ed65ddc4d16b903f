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
