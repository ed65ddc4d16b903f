// Inline Markdown nodes → the small Markdown subset a TextBlock renders: **bold**, _italic_ and
// [links](url). Everything else is reduced to its text, because Teams shows unsupported syntax
// literally (stray backticks, tildes).
import type { PhrasingContent } from 'mdast';

interface CardInlineOptions {
  /** Headings are bold already: emphasis marks inside them would show as literal stars. */
  plain?: boolean;
  /** Teams ignores a single newline in a TextBlock: paragraphs use a blank line, list items a space. */
  lineBreak: string;
}

export function inlineToCardText(nodes: readonly PhrasingContent[], options: CardInlineOptions): string {
  return nodes.map((node) => nodeToCardText(node, options)).join('');
}

function nodeToCardText(node: PhrasingContent, options: CardInlineOptions): string {
  switch (node.type) {
    case 'text':
      return node.value.replace(/\n/g, options.lineBreak);
    case 'inlineCode':
    case 'html':
      return node.value;
    case 'strong': {
      const inner = inlineToCardText(node.children, options);
      return options.plain ? inner : `**${inner}**`;
    }
    case 'emphasis': {
      const inner = inlineToCardText(node.children, options);
      return options.plain ? inner : `_${inner}_`;
    }
    case 'delete':
    case 'linkReference':
      return inlineToCardText(node.children, options);
    case 'link': {
      const label = inlineToCardText(node.children, options);
      return label === node.url ? label : `[${label}](${node.url})`;
    }
    case 'image':
      return `[${node.alt?.trim() || 'image'}](${node.url})`;
    case 'break':
      return options.lineBreak;
    case 'footnoteReference':
      return `[${node.label ?? node.identifier}]`;
    case 'imageReference':
      return node.alt ?? '';
  }
}
