// A story usually opens with `# Title`, which a Slack header block and a Teams card header already
// show: renderers drop that heading so the title appears once. A heading that says something else stays.
import { leadingTitleHeading } from '../markdown/leading-title-heading.js';
import type { StoryNode } from './story-document.js';

export function withoutTitleHeading(nodes: readonly StoryNode[], title: string): StoryNode[] {
  const [first, ...rest] = nodes;
  if (first?.type !== 'markdown') return [...nodes];
  const heading = leadingTitleHeading(first.markdown);
  if (heading?.title.trim().toLowerCase() !== title.trim().toLowerCase()) return [...nodes];
  return heading.rest === '' ? rest : [{ ...first, markdown: heading.rest }, ...rest];
}
