// Inline Markdown nodes → Slack mrkdwn: strong → *bold*, emphasis → _italic_, strikethrough →
// ~struck~, links → <url|label>, code spans kept with their content escaped. Text is escaped for
// Slack's control characters, so a `<` the model wrote never becomes markup.
import type { PhrasingContent } from 'mdast';
import { escapeMrkdwn } from './escape-mrkdwn.js';

interface MrkdwnInlineOptions {
  /** Inside a heading, which is bold as a whole: nested bold would only show stray stars. */
  insideBold?: boolean;
  /** What a line break inside a paragraph becomes (list items keep one line each). */
  lineBreak?: string;
}

export function inlineToMrkdwn(nodes: readonly PhrasingContent[], options: MrkdwnInlineOptions = {}): string {
  return nodes.map((node) => nodeToMrkdwn(node, options)).join('');
}

function nodeToMrkdwn(node: PhrasingContent, options: MrkdwnInlineOptions): string {
  const lineBreak = options.lineBreak ?? '\n';
  switch (node.type) {
    case 'text':
      return escapeMrkdwn(node.value.replace(/\n/g, lineBreak));
    case 'strong': {
      const inner = inlineToMrkdwn(node.children, { ...options, insideBold: true });
      return options.insideBold ? inner : `*${inner}*`;
    }
    case 'emphasis': {
      // ***x*** parses as emphasis around strong; Slack reads *_x_* but not _*x*_.
      const [only] = node.children;
      if (node.children.length === 1 && only?.type === 'strong' && !options.insideBold) {
        return `*_${inlineToMrkdwn(only.children, { ...options, insideBold: true })}_*`;
      }
      return `_${inlineToMrkdwn(node.children, options)}_`;
    }
    case 'delete':
      return `~${inlineToMrkdwn(node.children, options)}~`;
    case 'inlineCode':
      return `\`${escapeMrkdwn(node.value)}\``;
    case 'link': {
      const label = inlineToMrkdwn(node.children, options).replace(/\|/g, '¦');
      return label === escapeMrkdwn(node.url) ? `<${escapeLinkUrl(node.url)}>` : `<${escapeLinkUrl(node.url)}|${label}>`;
    }
    case 'image':
      return node.alt ? `<${escapeLinkUrl(node.url)}|${escapeMrkdwn(node.alt).replace(/\|/g, '¦')}>` : `<${escapeLinkUrl(node.url)}>`;
    case 'break':
      return lineBreak;
    case 'html':
      return escapeMrkdwn(node.value);
    case 'footnoteReference':
      return `[${escapeMrkdwn(node.label ?? node.identifier)}]`;
    case 'linkReference':
      return inlineToMrkdwn(node.children, options);
    case 'imageReference':
      return escapeMrkdwn(node.alt ?? '');
  }
}

/** A URL inside `<url|label>` must not contain the delimiters; & is escaped like everywhere else. */
function escapeLinkUrl(url: string): string {
  return url.replace(/&/g, '&amp;').replace(/\|/g, '%7C').replace(/</g, '%3C').replace(/>/g, '%3E');
}
