// Teams puts the mention into the text as `<at>Bot name</at>` and lists it in `entities`. Only the
// bot's own mention is removed (others may matter to the question); the entity's text says exactly
// what to remove, so a renamed bot or a display name with spaces still works.
import type { InboundActivity } from './inbound-activity.js';

const HTML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

export function mentionsBot(activity: InboundActivity): boolean {
  const botId = activity.recipient?.id;
  return Boolean(botId) && (activity.entities ?? []).some((entity) => entity.type === 'mention' && entity.mentioned?.id === botId);
}

export function stripBotMention(activity: InboundActivity): string {
  const botId = activity.recipient?.id;
  let text = activity.text ?? '';
  for (const entity of activity.entities ?? []) {
    if (entity.type === 'mention' && entity.mentioned?.id === botId && entity.text) text = text.split(entity.text).join(' ');
  }
  // Other people's mentions keep their names, without the tags.
  text = text.replace(/<at>(.*?)<\/at>/g, '$1');
  text = text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => HTML_ENTITIES[entity] ?? entity);
  return text.replace(/[ \t\u00a0]+/g, ' ').replace(/ *\n */g, '\n').trim();
}
