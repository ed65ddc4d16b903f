// TextBlock understands only a small Markdown subset: **bold**, _italic_, [links](url) and lists.
// Everything else the model may write inline is rewritten into that subset or reduced to its text,
// because Teams shows unsupported syntax literally (stray backticks, tildes, `*italic*` as stars).

const IMAGE_PATTERN = /!\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const INLINE_CODE_PATTERN = /`([^`\n]+)`/g;
const UNDERSCORE_BOLD_PATTERN = /__(?=\S)([^_\n]+?)__/g;
const ASTERISK_ITALIC_PATTERN = /(^|[^*\w])\*(?=[^\s*])([^*\n]*?[^\s*])\*(?!\*)/g;
const STRIKETHROUGH_PATTERN = /~~(?=\S)([^~\n]+?)~~/g;

export function convertInlineMarkdown(text: string): string {
  return text
    .replace(IMAGE_PATTERN, (_match, altText: string, url: string) => `[${altText.trim() || 'image'}](${url})`)
    .replace(INLINE_CODE_PATTERN, '$1')
    .replace(UNDERSCORE_BOLD_PATTERN, '**$1**')
    .replace(ASTERISK_ITALIC_PATTERN, '$1_$2_')
    .replace(STRIKETHROUGH_PATTERN, '$1');
}

/** For headings, which are already bold: the emphasis markers would show as literal stars. */
export function stripEmphasis(text: string): string {
  return convertInlineMarkdown(text)
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/(^|\W)_(.+?)_(?=\W|$)/g, '$1$2');
}
