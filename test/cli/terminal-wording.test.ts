// What the terminal prints in place of buttons and raw timings.
import { describe, expect, it } from 'vitest';
import { formatDuration, terminalSentence } from '../../src/cli/terminal-wording.js';
import { TURN_SENTENCES } from '../../src/conversations/standard-sentences.js';

describe('terminal wording', () => {
  it('rounds durations: whole milliseconds under a second, tenths (no trailing .0) from a second on', () => {
    expect(formatDuration(31.758590999999797)).toBe('32 ms');
    expect(formatDuration(0.4)).toBe('0 ms');
    expect(formatDuration(999.6)).toBe('1 s');
    expect(formatDuration(1_449)).toBe('1.4 s');
    expect(formatDuration(60_000)).toBe('60 s');
  });

  it('turns the Retry button of the standard sentences into asking again', () => {
    expect(terminalSentence(TURN_SENTENCES.failed)).toBe('Something went wrong on my side while answering. Ask again; if it happens again, tell an admin (the details are in the bot log).');
    expect(terminalSentence('Try a narrower question, or press Retry.')).toBe('Try a narrower question, or ask again.');
  });
});
