// Nested lists and the other Markdown constructs in cards: exact card JSON, and every card passes
// the official Adaptive Cards parser.
import { describe, expect, it } from 'vitest';
import { createCard } from '../../../../src/channels/teams/render/adaptive-card-types.js';
import { markdownToCardElements } from '../../../../src/channels/teams/render/card-elements-from-markdown.js';
import { adaptiveCardProblems } from '../adaptive-card-validation.js';

const indent = { type: 'Column', width: '20px' };

function indented(items: unknown[]) {
  return { type: 'ColumnSet', spacing: 'None', columns: [indent, { type: 'Column', items, width: 1 }] };
}

describe('nested lists in a card', () => {
  it('indents every level in a ColumnSet and continues the outer list after it', async () => {
    const markdown = ['- North', '  1. Oslo', '  2. Bergen', '     - Bryggen', '- South'].join('\n');
    const elements = markdownToCardElements(markdown);
    expect(elements).toEqual([
      { type: 'TextBlock', text: '- North', wrap: true },
      indented([
        { type: 'TextBlock', text: '1. Oslo\r2. Bergen', wrap: true },
        indented([{ type: 'TextBlock', text: '- Bryggen', wrap: true }]),
      ]),
      { type: 'TextBlock', text: '- South', wrap: true, spacing: 'None' },
    ]);
    expect(await adaptiveCardProblems(createCard(elements))).toEqual([]);
  });

  it('keeps the numbering of an ordered list across a nested list', () => {
    const markdown = ['3. Sales', '   - online', '   - stores', '4. Costs', '5. Margin'].join('\n');
    expect(markdownToCardElements(markdown)).toEqual([
      { type: 'TextBlock', text: '3. Sales', wrap: true },
      indented([{ type: 'TextBlock', text: '- online\r- stores', wrap: true }]),
      { type: 'TextBlock', text: '4. Costs\r5. Margin', wrap: true, spacing: 'None' },
    ]);
  });

  it('indents code inside a list item under its item', async () => {
    const elements = markdownToCardElements(['1. Run this:', '', '   ```sql', '   SELECT 1', '   ```', '2. Done'].join('\n'));
    expect(elements).toEqual([
      { type: 'TextBlock', text: '1. Run this:', wrap: true },
      indented([{ type: 'Container', style: 'emphasis', items: [{ type: 'TextBlock', text: 'SELECT 1', wrap: true, fontType: 'Monospace' }] }]),
      { type: 'TextBlock', text: '2. Done', wrap: true, spacing: 'None' },
    ]);
    expect(await adaptiveCardProblems(createCard(elements))).toEqual([]);
  });

  it('marks task list items with boxes', () => {
    expect(markdownToCardElements('- [x] loaded\n- [ ] checked')).toEqual([{ type: 'TextBlock', text: '- ☑ loaded\r- ☐ checked', wrap: true }]);
  });
});

describe('other constructs in a card', () => {
  it.each([
    ['a hard line break', 'Line one  \nline two', [{ type: 'TextBlock', text: 'Line one\n\nline two', wrap: true }]],
    ['a bare link and an e-mail autolink', 'See https://example.com or <me@example.com>', [{ type: 'TextBlock', text: 'See https://example.com or [me@example.com](mailto:me@example.com)', wrap: true }]],
    ['emphasis inside strong', '***both*** and **bold _italic_**', [{ type: 'TextBlock', text: '_**both**_ and **bold _italic_**', wrap: true }]],
    ['a heading with code and a link', '## Rows in `orders` per [day](https://x.io)', [{ type: 'TextBlock', text: 'Rows in orders per [day](https://x.io)', wrap: true, size: 'Medium', weight: 'Bolder' }]],
    ['a setext heading', 'Summary\n=======', [{ type: 'TextBlock', text: 'Summary', wrap: true, size: 'Large', weight: 'Bolder' }]],
    ['a quote of two paragraphs with a list', '> First.\n>\n> - one\n> - two', [
      { type: 'TextBlock', text: 'First.', wrap: true, isSubtle: true },
      { type: 'TextBlock', text: '- one\r- two', wrap: true, isSubtle: true },
    ]],
    ['a thematic break alone', '***', []],
    ['a table with emphasis, a link and an escaped pipe', '| a | b |\n|---|:-:|\n| **x** | [y \\| z](https://y.io) |', [
      {
        type: 'Table',
        columns: [{ width: expect.any(Number) }, { width: expect.any(Number) }],
        rows: [
          { type: 'TableRow', cells: [{ type: 'TableCell', items: [{ type: 'TextBlock', text: 'a', wrap: true }] }, { type: 'TableCell', items: [{ type: 'TextBlock', text: 'b', wrap: true }] }] },
          { type: 'TableRow', cells: [{ type: 'TableCell', items: [{ type: 'TextBlock', text: '**x**', wrap: true }] }, { type: 'TableCell', items: [{ type: 'TextBlock', text: '[y | z](https://y.io)', wrap: true }] }] },
        ],
      },
    ]],
  ])('%s', async (_name, markdown, expected) => {
    const elements = markdownToCardElements(markdown);
    expect(elements).toEqual(expected);
    if (elements.length > 0) expect(await adaptiveCardProblems(createCard(elements))).toEqual([]);
  });

  it('renders a whole answer with every construct into a card the parser accepts', async () => {
    const markdown = [
      '# Weekly sales',
      'Revenue **rose** _again_, ~~not~~ fell; see [the dashboard](https://bi.example.com?a=1&b=2).',
      '',
      '1. Regions',
      '   - North',
      '     - Oslo',
      '   - South',
      '2. Channels',
      '',
      '> Figures in EUR.',
      '',
      '---',
      '',
      '```sql',
      'SELECT region, SUM(amount) FROM orders GROUP BY 1',
      '```',
      '',
      '| Region | Revenue |',
      '|:--|--:|',
      '| North | 1,200 |',
    ].join('\n');
    const elements = markdownToCardElements(markdown);
    expect(elements.map((element) => element.type)).toEqual(['TextBlock', 'TextBlock', 'TextBlock', 'ColumnSet', 'TextBlock', 'TextBlock', 'Container', 'Table']);
    expect(await adaptiveCardProblems(createCard(elements))).toEqual([]);
  });
});
