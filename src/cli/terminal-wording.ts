// The terminal has no buttons: the standard sentences' "Press Retry" (a button in Slack and Teams)
// reads "ask again" here, and durations are rounded to what a person reads.

/** "Press Retry …" / "… press Retry." as the terminal's own action: asking again. */
export function terminalSentence(text: string): string {
  return text.replace(/\bPress Retry\b/g, 'Ask again').replace(/\bpress Retry\b/g, 'ask again');
}

/** `32 ms` under a second, `1.4 s` or `60 s` from a second on; no binary fractions such as 31.758590999999797. */
export function formatDuration(milliseconds: number): string {
  if (Math.round(milliseconds) < 1_000) return `${Math.round(milliseconds)} ms`;
  return `${Number((milliseconds / 1_000).toFixed(1))} s`;
}
