import { describe, expect, it } from 'vitest';
import { inThreadOrder } from '../../../../src/channels/slack/stories/thread-order.js';

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe('inThreadOrder', () => {
  it('runs work of one thread one after another, other threads alongside, and survives a failure', async () => {
    const events: string[] = [];
    const step = (name: string, milliseconds: number, fail = false) => async () => {
      events.push(`${name} start`);
      await sleep(milliseconds);
      events.push(`${name} end`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([
      inThreadOrder('a', step('a1', 30, true)),
      inThreadOrder('a', step('a2', 1)),
      inThreadOrder('b', step('b1', 5)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(events.indexOf('a2 start')).toBeGreaterThan(events.indexOf('a1 end'));
    expect(events.indexOf('b1 end')).toBeLessThan(events.indexOf('a1 end'));
  });
});
