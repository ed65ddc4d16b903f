// Story code -> StoryNode[]: Markdown runs, charts, tables and (nested) grids, in document order.
// Lenient, like nao's renderer: a tag it cannot draw is dropped, a stray </grid> is text, an
// unclosed <grid> ends with the document. Stored versions are validated first, so this rarely matters.
import { SourceLines } from './source-position.js';
import { chartConfigFromAttributes } from './story-chart-attributes.js';
import type { StoryGridNode, StoryNode } from './story-document.js';
import { scanStoryTags } from './story-tags.js';

export const DEFAULT_GRID_COLUMNS = 2;
export const MAX_GRID_COLUMNS = 4;

interface Container {
  grid: StoryGridNode | undefined;
  nodes: StoryNode[];
  attributes: Record<string, string>;
}

function parseWidths(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const widths = value.split(',').map((part) => Number(part.trim()));
  return widths.every((width) => Number.isInteger(width) && width > 0) ? widths : undefined;
}

function finishGrid(grid: StoryGridNode, attributes: Record<string, string>): void {
  const widths = parseWidths(attributes.widths);
  const matchingWidths = widths && widths.length === grid.children.length ? widths : undefined;
  const cols = Number(attributes.cols);
  const explicitCols = Number.isInteger(cols) && cols >= 1 ? Math.min(cols, MAX_GRID_COLUMNS) : undefined;
  grid.cols = explicitCols ?? (matchingWidths ? Math.min(matchingWidths.length, MAX_GRID_COLUMNS) : DEFAULT_GRID_COLUMNS);
  grid.widths = matchingWidths ?? grid.children.map(() => 1);
}

function assignKeys(nodes: StoryNode[]): StoryNode[] {
  const counters = { markdown: 0, chart: 0, table: 0, grid: 0 };
  const visit = (list: StoryNode[]) => {
    for (const node of list) {
      counters[node.type] += 1;
      node.key = `${node.type}-${counters[node.type]}`;
      if (node.type === 'grid') visit(node.children);
    }
  };
  visit(nodes);
  return nodes;
}

export function parseStoryDocument(code: string): StoryNode[] {
  const lines = new SourceLines(code);
  const root: Container = { grid: undefined, nodes: [], attributes: {} };
  const stack: Container[] = [root];
  const current = () => stack[stack.length - 1]!;
  let textStart = 0;
  const flushText = (end: number) => {
    const markdown = code.slice(textStart, end).trim();
    if (markdown) current().nodes.push({ type: 'markdown', key: '', markdown });
  };

  for (const tag of scanStoryTags(code)) {
    if (tag.kind === 'unterminated' || (tag.kind === 'grid-close' && stack.length === 1)) continue;
    flushText(tag.start);
    textStart = tag.end;
    const position = lines.positionAt(tag.start);
    if (tag.kind === 'grid-open') {
      const grid: StoryGridNode = { type: 'grid', key: '', ...position, cols: DEFAULT_GRID_COLUMNS, widths: [], children: [] };
      current().nodes.push(grid);
      stack.push({ grid, nodes: grid.children, attributes: tag.attributes });
    } else if (tag.kind === 'grid-close') {
      const closed = stack.pop()!;
      finishGrid(closed.grid!, closed.attributes);
    } else if (tag.name === 'chart') {
      const config = chartConfigFromAttributes(tag.attributes, tag.rawAttributes);
      if (config) {
        current().nodes.push({ type: 'chart', key: '', ...position, queryId: config.query_id, title: config.title, config, rawTag: tag.raw });
      }
    } else if (tag.attributes.query_id) {
      current().nodes.push({ type: 'table', key: '', ...position, queryId: tag.attributes.query_id, title: tag.attributes.title ?? '', rawTag: tag.raw });
    }
  }
  flushText(code.length);
  while (stack.length > 1) {
    const open = stack.pop()!;
    finishGrid(open.grid!, open.attributes);
  }
  return assignKeys(root.nodes);
}
