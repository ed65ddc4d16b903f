// Slack acks while Python runs: the arrival → HTTP ack time of signed app_mention events through
// the real Bolt app, measured in the same run without Python load and while one execute_python
// program loops on the worker pool until its time limit (the issue's "one thread runs Python while
// others ask"). Repeated RUNS times, interleaved, so machine noise hits both phases alike. The
// event loop's longest stall is reported beside it, and for contrast the stall of the same loop run
// on the main thread (how execute_python ran before the pool): acks cannot be timed then, because
// the benchmark's own client shares the blocked loop.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { attachSlackChannel } from '../src/channels/slack/index.js';
import { loadMonty } from '../src/python/load-monty.js';
import { PythonPool } from '../src/python/python-pool.js';
import { PYTHON_LIMITS } from '../src/python/python-limits.js';
import { runPython } from '../src/python/run-python.js';
import { createHttpServer } from '../src/server/http-server.js';
import { formatMs, median, percentile } from './bench-support.js';
import { quickHandler, signedEvent, startSlackApiStandIn } from './slack-ack.js';

const RUNS = 5;
const EVENTS_PER_PHASE = 200;
const EVENTS_PER_SECOND = 20;
const TARGET_P99_MS = 100;
const RUNAWAY = 'i = 0\nwhile True:\n    i += 1';
/** Longer than a phase's 10 s of events, so the loop runs for all of them. */
const POOL_LOOP_SECONDS = 12;
const INLINE_LOOP_SECONDS = 3;

type Sender = (count: number) => Promise<number[]>;

async function startAckTarget(): Promise<{ send: Sender; close(): Promise<void> }> {
  const slackApi = await startSlackApiStandIn();
  const http = createHttpServer();
  let current: number[] = [];
  // Mounted before Slack: arrival = the request reaches express, ack = the response is flushed.
  http.app.use('/slack/events', (_request, response, next) => {
    const arrived = performance.now();
    const samples = current;
    response.on('finish', () => samples.push(performance.now() - arrived));
    next();
  });
  const silent = () => undefined;
  const channel = await attachSlackChannel({
    app: http.app,
    handler: quickHandler(),
    botToken: 'xoxb-bench',
    signingSecret: 'bench-signing-secret',
    slackApiUrl: slackApi.url,
    logger: { info: silent, warn: silent, error: silent },
  });
  const port = await http.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}/slack/events`;
  let nextIndex = 0;
  const send: Sender = async (count) => {
    current = [];
    const samples = current;
    const pending: Promise<unknown>[] = [];
    const started = performance.now();
    for (let sent = 0; sent < count; sent += 1) {
      const wait = started + (sent * 1_000) / EVENTS_PER_SECOND - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const { body, headers } = signedEvent(nextIndex++);
      pending.push(fetch(url, { method: 'POST', headers, body }).then((response) => response.arrayBuffer()));
    }
    await Promise.all(pending);
    return samples;
  };
  return {
    send,
    close: async () => {
      await channel.stop();
      await http.close();
      await new Promise<void>((resolve) => slackApi.server.close(() => resolve()));
    },
  };
}

function spread(values: number[]): string {
  return `median ${formatMs(median(values))} (min ${formatMs(Math.min(...values))}, max ${formatMs(Math.max(...values))})`;
}

export async function runSlackAckUnderPythonBenchmark(): Promise<string> {
  const python = await loadMonty();
  if (!python.available) return `slack-ack-under-python: skipped (${python.reason})`;
  const target = await startAckTarget();
  const pool = new PythonPool();
  try {
    // Monty loaded in a worker and the HTTP path warm before anything is measured.
    await pool.run({ code: '1 + 1', functions: {} });
    await target.send(40);
    const quietP99: number[] = [];
    const loadedP99: number[] = [];
    const quietAll: number[] = [];
    const loadedAll: number[] = [];
    const loadedStallMs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const quiet = await target.send(EVENTS_PER_PHASE);
      quietP99.push(percentile(quiet, 0.99));
      quietAll.push(...quiet);
      const stalls = monitorEventLoopDelay({ resolution: 10 });
      stalls.enable();
      const loop = pool.run({ code: RUNAWAY, functions: {}, limits: { ...PYTHON_LIMITS, maxDurationSecs: POOL_LOOP_SECONDS } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const loaded = await target.send(EVENTS_PER_PHASE);
      const result = await loop;
      stalls.disable();
      loadedStallMs.push(stalls.max / 1e6);
      if (result.status !== 'error' || result.kind !== 'limit') throw new Error(`the Python loop ended unexpectedly: ${JSON.stringify(result)}`);
      loadedP99.push(percentile(loaded, 0.99));
      loadedAll.push(...loaded);
    }
    // The same loop on the main thread, for contrast: how long the event loop (and every ack) stalls.
    const inlineStalls = monitorEventLoopDelay({ resolution: 10 });
    inlineStalls.enable();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await runPython(python.monty, { code: RUNAWAY, functions: {}, limits: { ...PYTHON_LIMITS, maxDurationSecs: INLINE_LOOP_SECONDS } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    inlineStalls.disable();

    const loadedMedianP99 = median(loadedP99);
    return [
      `slack-ack-under-python: ${RUNS} runs × (${EVENTS_PER_PHASE} signed app_mention events at ${EVENTS_PER_SECOND}/s without Python, then ${EVENTS_PER_PHASE} while one execute_python loop runs ${POOL_LOOP_SECONDS} s on the worker pool); arrival → HTTP ack, server side`,
      `slack-ack-under-python: no Python load:    p99 per run ${spread(quietP99)}; all ${quietAll.length} events: median ${formatMs(median(quietAll))}, p99 ${formatMs(percentile(quietAll, 0.99))}, max ${formatMs(Math.max(...quietAll))}`,
      `slack-ack-under-python: Python on the pool: p99 per run ${spread(loadedP99)}; all ${loadedAll.length} events: median ${formatMs(median(loadedAll))}, p99 ${formatMs(percentile(loadedAll, 0.99))}, max ${formatMs(Math.max(...loadedAll))} (target p99 < ${TARGET_P99_MS} ms: ${loadedMedianP99 < TARGET_P99_MS ? 'met' : 'MISSED'}; ratio to no load ${(loadedMedianP99 / median(quietP99)).toFixed(2)})`,
      `slack-ack-under-python: longest event-loop stall while the loop ran on the pool: ${spread(loadedStallMs)}; the same loop on the main thread (before the pool), ${INLINE_LOOP_SECONDS} s limit: ${formatMs(inlineStalls.max / 1e6)}`,
    ].join('\n');
  } finally {
    await pool.close();
    await target.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await runSlackAckUnderPythonBenchmark());
}
