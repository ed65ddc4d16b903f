// Markdown marks mean nothing in a Slack raw_text table cell: keep the words, drop the marks, and
// write a link as "label (url)" so its target is not lost.
import type { PhrasingContent } from 'mdast';

export function plainCellText(nodes: readonly PhrasingContent[]): string {
  return nodes.map(plainNodeText).join('');
}

function plainNodeText(node: PhrasingContent): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'html':
      return node.value;
    case 'link': {
      const label = plainCellText(node.children);
      return label === node.url ? label : `${label} (${node.url})`;
    }
    case 'image':
      return node.alt ? `${node.alt} (${node.url})` : node.url;
    case 'break':
      return ' ';
    case 'footnoteReference':
      return `[${node.label ?? node.identifier}]`;
    case 'imageReference':
      return node.alt ?? '';
    case 'strong':
    case 'emphasis':
    case 'delete':
    case 'linkReference':
      return plainCellText(node.children);
  }
}
