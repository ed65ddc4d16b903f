// One engine's differential suite: the stored counterexamples (each a statement the gate once read
// differently from the engine), then generated statements. GATE_DIFFERENTIAL_CASES sets how many
// (2,000 by default; the long run of scripts/gate-differential.mjs asks for 100,000 and collects every
// difference instead of stopping at the first), GATE_DIFFERENTIAL_SEED which ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initStatementGate, type Dialect } from '../../../src/sql/statement-gate.js';
import { COUNTEREXAMPLES, type DifferentialEngine } from './counterexamples.js';
import { assertNoDifference, collectDifferences, differenceFor, emptyTally, markersIn, type DifferentialTally } from './differential-comparison.js';
import type { EngineSession } from './postgres-probe.js';
import type { EngineAmbiguities } from './marker-reading.js';
import type { GeneratorOptions } from './statement-generator.js';

const DEFAULT_CASES = 2_000;
const DEFAULT_SEED = 20_261_208;
const LONG_RUN_CASES = Number(process.env.GATE_DIFFERENTIAL_CASES ?? 0);
const SEED = Number(process.env.GATE_DIFFERENTIAL_SEED ?? DEFAULT_SEED);
/** Generous: the long run takes minutes per engine on a shared machine. */
const LONG_RUN_TIMEOUT_MS = 3 * 60 * 60 * 1_000;
/** About 5 s per engine on an idle two-core machine; CI runs it beside other files. */
const GENERATED_RUN_TIMEOUT_MS = 180_000;

export interface DifferentialSuite {
  engine: DifferentialEngine;
  dialect: Dialect;
  /** Opens the engine's session, or returns null (after saying why) when the engine is not here. */
  open(): Promise<EngineSession | null>;
  generator?: GeneratorOptions;
  ambiguities?: EngineAmbiguities;
}

export function describeDifferential(suite: DifferentialSuite): void {
  describe(`the statement gate reads SQL as ${suite.engine} does`, () => {
    let session: EngineSession | null = null;
    beforeAll(async () => {
      await initStatementGate();
      session = await suite.open();
    });
    afterAll(async () => {
      await session?.close();
    });

    for (const example of COUNTEREXAMPLES[suite.engine]) {
      it(`counterexample: ${example.found}`, async (context) => {
        if (session === null) return context.skip();
        const difference = await differenceFor(example.sql, markersIn(example.sql), { dialect: suite.dialect, probe: session.probe, ambiguities: suite.ambiguities }, emptyTally());
        expect(difference).toBeNull();
      });
    }

    if (LONG_RUN_CASES > 0) {
      it(`long run: ${LONG_RUN_CASES} generated statements`, async (context) => {
        if (session === null) return context.skip();
        const started = performance.now();
        const tally = await collectDifferences({ dialect: suite.dialect, probe: session.probe, ambiguities: suite.ambiguities, cases: LONG_RUN_CASES, seed: SEED, generator: suite.generator });
        report(suite.engine, tally, performance.now() - started);
        expect(tally.differences).toEqual([]);
      }, LONG_RUN_TIMEOUT_MS);
      return;
    }

    it(`agrees on ${DEFAULT_CASES} generated statements`, async (context) => {
      if (session === null) return context.skip();
      const tally = await assertNoDifference({ dialect: suite.dialect, probe: session.probe, ambiguities: suite.ambiguities, cases: DEFAULT_CASES, seed: SEED, generator: suite.generator });
      // Enough statements must reach a comparison, or the generator tests nothing on this engine
      // (most are syntax errors to any one engine: they mix every dialect's constructs).
      expect(tally.compared).toBeGreaterThan(DEFAULT_CASES / 10);
    }, GENERATED_RUN_TIMEOUT_MS);
  });
}

/** One JSON line the long-run script reads back. */
function report(engine: DifferentialEngine, tally: DifferentialTally, elapsedMs: number): void {
  const distinct = [...new Set(tally.differences)];
  console.log(
    `GATE_DIFFERENTIAL ${JSON.stringify({ engine, cases: tally.cases, compared: tally.compared, engineErrors: tally.engineErrors, gateLexicalRefusals: tally.gateLexicalRefusals, differences: tally.differences.length, elapsedMs: Math.round(elapsedMs), examples: distinct.sort((a, b) => a.length - b.length).slice(0, 20) })}`,
  );
}
