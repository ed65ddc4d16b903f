// The model's answer broke off while streaming: the service sent something the client could not read
// (a corrupt frame, half a JSON event). Distinct from a refused request, which stays an APICallError.
import { DatathreadError } from '../support/errors.js';

export class ModelStreamError extends DatathreadError {
  readonly code = 'model_stream_failed';

  constructor(cause: unknown) {
    super('The AI model service sent an answer that could not be read.', { cause });
  }
}
