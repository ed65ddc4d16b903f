// Nested lists and the other Markdown constructs in Slack: exact mrkdwn, and the blocks of a whole
// answer pass the Block Kit validator.
import { describe, expect, it } from 'vitest';
import { buildAnswerBlocks } from '../../../../src/channels/slack/render/answer-blocks.js';
import { markdownToMrkdwn } from '../../../../src/channels/slack/render/markdown-to-mrkdwn.js';
import { packMessages } from '../../../../src/channels/slack/render/pack-messages.js';
import { validateSlackMessage } from '../support/block-kit-validator.js';

describe('nested lists in mrkdwn', () => {
  it('indents each level by four spaces, bullets below the first level as ◦, numbers kept', () => {
    const markdown = ['Top regions:', '- North', '  1. Oslo', '  2. Bergen', '     - Bryggen', '       - Harbour', '- South'].join('\n');
    expect(markdownToMrkdwn(markdown)).toBe(
      ['Top regions:', '• North', '    1. Oslo', '    2. Bergen', '        ◦ Bryggen', '            ◦ Harbour', '• South'].join('\n'),
    );
  });

  it('counts an ordered list from its start across a nested list', () => {
    expect(markdownToMrkdwn(['3. Sales', '   - online', '   - stores', '4. Costs'].join('\n'))).toBe(['3. Sales', '    ◦ online', '    ◦ stores', '4. Costs'].join('\n'));
  });

  it('puts further paragraphs and code of an item under the item', () => {
    const markdown = ['1. Run this:', '', '   ```sql', '   SELECT 1 < 2', '   ```', '', '   Then wait.', '2. Done'].join('\n');
    expect(markdownToMrkdwn(markdown)).toBe(['1. Run this:', '    ```', '    SELECT 1 &lt; 2', '    ```', '    Then wait.', '2. Done'].join('\n'));
  });

  it('marks task list items with boxes and joins the lines of an item', () => {
    expect(markdownToMrkdwn('- [x] loaded\n- [ ] checked\n  by hand')).toBe('• ☑ loaded\n• ☐ checked by hand');
  });
});

describe('other constructs in mrkdwn', () => {
  it.each([
    ['a hard line break', 'Line one  \nline two', 'Line one\nline two'],
    ['a bare link and an e-mail autolink', 'See https://example.com or <me@example.com>', 'See <https://example.com> or <mailto:me@example.com|me@example.com>'],
    ['a heading with code and a link', '## Rows in `orders` per [day](https://x.io)', '*Rows in `orders` per <https://x.io|day>*'],
    ['a heading with italics', '### The _top_ **three**', '*The _top_ three*'],
    ['a setext heading', 'Summary\n=======', '*Summary*'],
    ['a quote with a list', '> First.\n>\n> - one\n> - two', '> First.\n>\n> • one\n> • two'],
    ['an image', '![trend](https://x.io/c.png)', '<https://x.io/c.png|trend>'],
    ['a link label with a pipe', '[a | b](https://x.io)', '<https://x.io|a ¦ b>'],
    ['a table nested in a quote', '> | a |\n> |---|\n> | 1 |', '> ```\n> a\n> -\n> 1\n> ```'],
  ])('%s', (_name, markdown, expected) => {
    expect(markdownToMrkdwn(markdown)).toBe(expected);
  });

  it('renders a whole answer as blocks that pass the Block Kit validator', () => {
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
      'SELECT region, SUM(amount) FROM orders WHERE amount > 0 GROUP BY 1',
      '```',
      '',
      '| Region | Revenue |',
      '|:--|--:|',
      '| **North** | [1,200](https://bi.example.com/north) |',
    ].join('\n');
    const blocks = buildAnswerBlocks(markdown);
    expect(blocks).toEqual([
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: [
            '*Weekly sales*',
            'Revenue *rose* _again_, ~not~ fell; see <https://bi.example.com?a=1&amp;b=2|the dashboard>.',
            '',
            '1. Regions',
            '    ◦ North',
            '        ◦ Oslo',
            '    ◦ South',
            '2. Channels',
            '',
            '> Figures in EUR.',
          ].join('\n'),
        },
      },
      { type: 'divider' },
      { type: 'section', text: { type: 'mrkdwn', text: '```\nSELECT region, SUM(amount) FROM orders WHERE amount &gt; 0 GROUP BY 1\n```' } },
      {
        type: 'table',
        rows: [
          [{ type: 'raw_text', text: 'Region' }, { type: 'raw_text', text: 'Revenue' }],
          [{ type: 'raw_text', text: 'North' }, { type: 'raw_text', text: '1,200 (https://bi.example.com/north)' }],
        ],
        column_settings: [{ align: 'left' }, { align: 'right' }],
      },
    ]);
    const messages = packMessages(blocks, 50);
    expect(messages).toHaveLength(1);
    for (const message of messages) expect(validateSlackMessage({ channel: 'C1', ...message })).toEqual([]);
  });

  it('keeps a long nested list within the section limit, split between items', () => {
    const markdown = Array.from({ length: 120 }, (_unused, index) => `- Region ${index}\n  - ${'detail '.repeat(5).trim()}`).join('\n');
    const blocks = buildAnswerBlocks(markdown);
    expect(blocks.length).toBeGreaterThan(1);
    const texts = blocks.map((block) => (block as { text: { text: string } }).text.text);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(3000);
    expect(texts.join('\n').split('\n').filter((line) => line.startsWith('• Region'))).toHaveLength(120);
    for (const message of packMessages(blocks, 50)) expect(validateSlackMessage({ channel: 'C1', ...message })).toEqual([]);
  });
});
