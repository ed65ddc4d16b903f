// An inbound event (a Slack event, a Teams activity) that could not be stored as a turn job. The
// platform must not be told it arrived: the channel answers with an error status instead, so the
// platform delivers it again, and the event is taken once the state store is back.
import { DatathreadError } from '../support/errors.js';

export class EventNotAcceptedError extends DatathreadError {
  override readonly name = 'EventNotAcceptedError';
  readonly code = 'event_not_accepted';
}
