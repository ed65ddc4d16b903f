// Text placed in a Markdown table cell or a one-line list item: a `|` would end the cell and a line
// break the row.

export function cellText(text: string): string {
  return text.replace(/\r?\n|\r/g, ' ').replace(/\|/g, '\\|').trim();
}

const SUMMARY_MAX_CHARACTERS = 120;

/** The first sentence of a description, on one line, cut at 120 characters (the index and the prompt use it). */
export function firstSentence(description: string): string {
  const oneLine = description.replace(/\s+/g, ' ').trim();
  const sentence = /^(.+?[.!?])(\s|$)/.exec(oneLine)?.[1] ?? oneLine;
  return sentence.length > SUMMARY_MAX_CHARACTERS ? `${sentence.slice(0, SUMMARY_MAX_CHARACTERS - 1).trimEnd()}…` : sentence;
}
