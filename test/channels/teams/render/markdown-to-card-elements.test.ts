import { describe, expect, it } from 'vitest';
import { markdownToCardElements } from '../../../../src/channels/teams/render/card-elements-from-markdown.js';

/** The text of the one TextBlock a single line of Markdown becomes. */
function convertInlineMarkdown(markdown: string): string {
  const elements = markdownToCardElements(markdown);
  expect(elements).toHaveLength(1);
  return (elements[0] as { text: string }).text;
}

describe('inline Markdown in a TextBlock', () => {
  it('keeps what TextBlock supports and rewrites the rest', () => {
    expect(convertInlineMarkdown('**Revenue** rose in _March_, see [the report](https://example.com/r).')).toBe(
      '**Revenue** rose in _March_, see [the report](https://example.com/r).',
    );
    expect(convertInlineMarkdown('*up* 12% in `orders_2024`, __big__ and ~~old~~')).toBe('_up_ 12% in orders_2024, **big** and old');
    expect(convertInlineMarkdown('![trend](https://example.com/c.png)')).toBe('[trend](https://example.com/c.png)');
  });

  it('leaves stars that are not emphasis alone', () => {
    expect(convertInlineMarkdown('SELECT * FROM orders WHERE a * b > 2')).toBe('SELECT * FROM orders WHERE a * b > 2');
    expect(convertInlineMarkdown('customer_id and order_id')).toBe('customer_id and order_id');
  });
});

describe('markdownToCardElements', () => {
  it('maps headings, paragraphs, lists, code, quotes and tables', () => {
    const markdown = [
      '# Revenue by month',
      '',
      'Revenue **grew** every month.',
      'March was the *best*.',
      '',
      '## Details',
      '- Jan: 10',
      '- Feb: 12',
      '  (estimated)',
      '',
      '1. First',
      '2) Second',
      '',
      '### Query',
      '```sql',
      'SELECT month, SUM(amount)',
      '',
      'FROM orders',
      '```',
      '> Numbers are in EUR.',
      '',
      '---',
      '| Month | Revenue |',
      '|---|---:|',
      '| Jan | 10 |',
      '| Feb | `12` |',
    ].join('\n');

    expect(markdownToCardElements(markdown)).toEqual([
      { type: 'TextBlock', text: 'Revenue by month', wrap: true, size: 'Large', weight: 'Bolder' },
      { type: 'TextBlock', text: 'Revenue **grew** every month.\n\nMarch was the _best_.', wrap: true },
      { type: 'TextBlock', text: 'Details', wrap: true, size: 'Medium', weight: 'Bolder' },
      { type: 'TextBlock', text: '- Jan: 10\r- Feb: 12 (estimated)', wrap: true },
      { type: 'TextBlock', text: '1. First\r2. Second', wrap: true },
      { type: 'TextBlock', text: 'Query', wrap: true, weight: 'Bolder' },
      {
        type: 'Container',
        style: 'emphasis',
        items: [
          { type: 'TextBlock', text: 'SELECT month, SUM(amount)', wrap: true, fontType: 'Monospace' },
          { type: 'TextBlock', text: '\u00a0', wrap: true, fontType: 'Monospace', spacing: 'None' },
          { type: 'TextBlock', text: 'FROM orders', wrap: true, fontType: 'Monospace', spacing: 'None' },
        ],
      },
      { type: 'TextBlock', text: 'Numbers are in EUR.', wrap: true, isSubtle: true },
      {
        type: 'Table',
        columns: [{ width: expect.any(Number) }, { width: expect.any(Number) }],
        rows: [
          {
            type: 'TableRow',
            cells: [
              { type: 'TableCell', items: [{ type: 'TextBlock', text: 'Month', wrap: true }] },
              { type: 'TableCell', items: [{ type: 'TextBlock', text: 'Revenue', wrap: true }] },
            ],
          },
          {
            type: 'TableRow',
            cells: [
              { type: 'TableCell', items: [{ type: 'TextBlock', text: 'Jan', wrap: true }] },
              { type: 'TableCell', items: [{ type: 'TextBlock', text: '10', wrap: true }] },
            ],
          },
          {
            type: 'TableRow',
            cells: [
              { type: 'TableCell', items: [{ type: 'TextBlock', text: 'Feb', wrap: true }] },
              { type: 'TableCell', items: [{ type: 'TextBlock', text: '12', wrap: true }] },
            ],
          },
        ],
      },
    ]);
  });

  it('strips emphasis inside headings, which are bold already', () => {
    expect(markdownToCardElements('#### The **top** _three_')).toEqual([
      { type: 'TextBlock', text: 'The top three', wrap: true, weight: 'Bolder' },
    ]);
  });

  it('closes an unterminated code fence at the end and elides very long code', () => {
    const code = Array.from({ length: 45 }, (_unused, line) => `line ${line + 1}`).join('\n');
    const [container] = markdownToCardElements(`\`\`\`\n${code}`);
    expect(container).toMatchObject({ type: 'Container', style: 'emphasis' });
    const items = (container as { items: Array<{ text: string }> }).items;
    expect(items).toHaveLength(41);
    expect(items[39]?.text).toBe('line 40');
    expect(items[40]?.text).toBe('…');
  });

  it('returns nothing for empty text', () => {
    expect(markdownToCardElements('')).toEqual([]);
    expect(markdownToCardElements('\n\n')).toEqual([]);
  });
});
