// Escaping for every piece of text the bot puts into a Slack mrkdwn field.

/** Slack treats &, < and > as control characters in every text field. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
