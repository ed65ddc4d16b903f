// A chart that could not be drawn: thrown by the renderer and by the render pool (timeout, heap cap).
// In its own file so the pool can throw it without loading vega on the main thread.
import { DatathreadError } from '../support/errors.js';

export class ChartRenderError extends DatathreadError {
  override readonly name = 'ChartRenderError';
  readonly code = 'chart_render_failed';
}
