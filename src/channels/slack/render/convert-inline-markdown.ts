// Inline Markdown → Slack mrkdwn: **bold** → *bold*, *italic* / _italic_ → _italic_, ~~x~~ → ~x~,
// [text](url) → <url|text>, `code` kept. Code spans and links are set aside first (behind
// private-use placeholders) so emphasis rules never rewrite a URL or the inside of code.

const PLACEHOLDER_START = '\uE000';
const PLACEHOLDER_END = '\uE001';
/** Marks bold while single-star italics are rewritten, so the two cannot be confused. */
const BOLD_MARK = '\uE002';

/** Slack treats &, < and > as control characters in every text field. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function convertInlineMarkdown(markdown: string): string {
  const setAside: string[] = [];
  const keep = (slackText: string) => `${PLACEHOLDER_START}${setAside.push(slackText) - 1}${PLACEHOLDER_END}`;

  let text = markdown.replace(/`([^`\n]+)`/g, (_whole, code: string) => keep(`\`${escapeMrkdwn(code)}\``));
  text = text.replace(/!?\[([^\]\n]+)\]\(\s*<?([^\s)>]+)>?(?:\s+"[^"\n]*")?\s*\)/g, (_whole, label: string, url: string) =>
    keep(`<${escapeLinkUrl(url)}|${convertEmphasis(escapeMrkdwn(label)).replace(/\|/g, '¦')}>`),
  );
  text = text.replace(/<((?:https?|mailto):[^\s<>]+)>/g, (_whole, url: string) => keep(`<${escapeLinkUrl(url)}>`));
  text = convertEmphasis(escapeMrkdwn(text));
  return text.replace(new RegExp(`${PLACEHOLDER_START}(\\d+)${PLACEHOLDER_END}`, 'g'), (_whole, index: string) => setAside[Number(index)] ?? '');
}

function convertEmphasis(text: string): string {
  return text
    .replace(/\*\*\*(?=\S)([^\n]*?\S)\*\*\*/g, `${BOLD_MARK}_$1_${BOLD_MARK}`)
    .replace(/\*\*(?=\S)([^\n]*?\S)\*\*/g, `${BOLD_MARK}$1${BOLD_MARK}`)
    .replace(/(^|[^\w])__(?=\S)([^\n]*?\S)__(?!\w)/g, `$1${BOLD_MARK}$2${BOLD_MARK}`)
    .replace(/(^|[^\w*])\*(?=[^\s*])([^*\n]*?[^\s*])\*(?![\w*])/g, '$1_$2_')
    .replace(/~~(?=\S)([^\n]*?\S)~~/g, '~$1~')
    .replace(new RegExp(BOLD_MARK, 'g'), '*');
}

/** A URL inside `<url|label>` must not contain the delimiters; & is escaped like everywhere else. */
function escapeLinkUrl(url: string): string {
  return url.replace(/&/g, '&amp;').replace(/\|/g, '%7C').replace(/</g, '%3C').replace(/>/g, '%3E');
}
