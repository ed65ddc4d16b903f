// Chart rendering off the event loop: vega layout, canvas drawing and PNG encoding take from tens of
// milliseconds to seconds for a 10,000-point chart, all CPU on the calling thread. They run on a
// piscina pool of worker threads instead, so Slack acks and other turns are not held up. A render
// that has not finished by CHART_RENDER_TIME_LIMIT_MS has its worker terminated (piscina starts a
// fresh one); the worker heap is capped so one enormous chart cannot take the process down.
import type { TopLevelSpec } from 'vega-lite';
import { Piscina } from 'piscina';
import { errorMessage } from '../support/errors.js';
import { reportWorkerFailure } from '../support/worker-failures.js';
import { workerScript } from '../support/worker-script.js';
import type { ChartRenderTask, RenderedChartMessage } from './chart-worker.js';
import { ChartRenderError } from './chart-render-error.js';
import type { ChartDrawing, RenderedChart } from './render-chart-png.js';

export const CHART_RENDER_TIME_LIMIT_MS = 30_000;
/** Charts are short CPU bursts: two workers keep one slow chart from queueing every other. */
export const CHART_WORKER_THREADS = 2;
export const CHART_WORKER_HEAP_LIMIT_MB = 512;
/** Idle workers keep vega and the fonts loaded this long (the first chart in a worker pays the load). */
const CHART_WORKER_IDLE_MS = 5 * 60_000;

export interface ChartRenderPoolOptions {
  maxThreads?: number;
  heapLimitMb?: number;
  timeLimitMs?: number;
  /** Told about a worker that failed outside any render (the pool replaces it). */
  onWorkerError?: (error: Error) => void;
}

export class ChartRenderPool {
  private readonly pool: Piscina<ChartRenderTask, RenderedChartMessage>;
  private readonly timeLimitMs: number;
  private readonly heapLimitMb: number;
  /** The last failure of a worker outside any render (a worker that cannot start), told with a timeout. */
  private lastWorkerError: Error | undefined;

  constructor(options: ChartRenderPoolOptions = {}) {
    const script = workerScript(import.meta.url, 'chart-worker');
    this.timeLimitMs = options.timeLimitMs ?? CHART_RENDER_TIME_LIMIT_MS;
    this.heapLimitMb = options.heapLimitMb ?? CHART_WORKER_HEAP_LIMIT_MB;
    this.pool = new Piscina({
      filename: script.filename,
      workerData: script.workerData,
      minThreads: 0,
      maxThreads: options.maxThreads ?? CHART_WORKER_THREADS,
      idleTimeout: CHART_WORKER_IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: this.heapLimitMb },
    });
    // An EventEmitter 'error' without a listener would end the process.
    this.pool.on('error', (error: Error) => {
      this.lastWorkerError = error;
      options.onWorkerError?.(error);
    });
  }

  async render(spec: TopLevelSpec, drawing?: ChartDrawing): Promise<RenderedChart> {
    const timeLimit = AbortSignal.timeout(this.timeLimitMs);
    try {
      const rendered = await this.pool.run(drawing === undefined ? { spec } : { spec, drawing }, { signal: timeLimit });
      return { png: Buffer.from(rendered.png.buffer, rendered.png.byteOffset, rendered.png.byteLength), widthPx: rendered.widthPx, heightPx: rendered.heightPx };
    } catch (error) {
      if (timeLimit.aborted) {
        const workerFailure = this.lastWorkerError ? ` (a chart worker failed: ${errorMessage(this.lastWorkerError)})` : '';
        throw new ChartRenderError(`The chart took longer than ${this.timeLimitMs / 1000} seconds to draw and was stopped. Chart fewer rows (aggregate in SQL first).${workerFailure}`, {
          cause: error,
        });
      }
      if ((error as { code?: unknown })?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new ChartRenderError(`The chart needed more than the ${this.heapLimitMb} MB a chart may use and was stopped. Chart fewer rows (aggregate in SQL first).`, { cause: error });
      }
      throw new ChartRenderError(`The chart could not be drawn: ${errorMessage(error)}`, { cause: error });
    }
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}

let shared: ChartRenderPool | undefined;

/** Renders on the process-wide pool; idle workers do not keep the process alive. */
export function renderChartPngOffThread(spec: TopLevelSpec, drawing?: ChartDrawing): Promise<RenderedChart> {
  shared ??= new ChartRenderPool({ onWorkerError: (error) => reportWorkerFailure('chart', error) });
  return shared.render(spec, drawing);
}

export async function closeSharedChartRenderPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
