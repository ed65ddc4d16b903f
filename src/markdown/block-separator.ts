// Renderers keep the author's spacing between blocks: blocks written on consecutive lines (a
// sentence followed by its list, two lists with different markers) stay together, blocks
// separated by a blank line stay apart.
import type { Node } from 'mdast';

/** True when `next` starts on the line right after `previous` ends (no blank line between). */
export function followsDirectly(previous: Node, next: Node): boolean {
  const previousEnd = previous.position?.end.line;
  return previousEnd !== undefined && next.position?.start.line === previousEnd + 1;
}

/** Renders each block and joins them with the separator the source had; empty renderings drop out. */
export function joinBlocks<Block extends Node>(blocks: readonly Block[], render: (block: Block) => string): string {
  let text = '';
  let previous: Block | undefined;
  for (const block of blocks) {
    const rendered = render(block);
    if (rendered === '') continue;
    text += previous === undefined ? rendered : `${followsDirectly(previous, block) ? '\n' : '\n\n'}${rendered}`;
    previous = block;
  }
  return text;
}
