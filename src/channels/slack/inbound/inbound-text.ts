// Slack delivers message text in its own markup (`<@U123>`, `<#C1|general>`, `<https://x|label>`,
// `&lt;`). The model should read what the person saw, without the mention that summoned the bot.

const ENTITY_REPLACEMENTS: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&' };

export function slackTextToPlainText(text: string, botUserId: string): string {
  const withoutBotMention = text.replace(new RegExp(`<@${escapeRegExp(botUserId)}(\\|[^>]*)?>`, 'g'), ' ');
  const readable = withoutBotMention.replace(/<([^<>]+)>/g, (_whole, inner: string) => renderReference(inner));
  const decoded = readable.replace(/&lt;|&gt;|&amp;/g, (entity) => ENTITY_REPLACEMENTS[entity] ?? entity);
  return decoded.replace(/[ \t]+/g, ' ').replace(/ *\n */g, '\n').trim();
}

/** `<@U1>` → `@U1`, `<#C1|general>` → `#general`, `<https://x|label>` → `label (https://x)`. */
function renderReference(inner: string): string {
  const [target = '', label] = inner.split('|', 2);
  if (target.startsWith('@')) return label ? `@${label}` : target;
  if (target.startsWith('#')) return label ? `#${label}` : target;
  if (target.startsWith('!')) return label ?? `@${target.slice(1)}`;
  return label && label !== target ? `${label} (${target})` : target;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
