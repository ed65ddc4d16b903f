// Exact-output tests of Markdown → Slack mrkdwn, segment splitting and text splitting.
import { describe, expect, it } from 'vitest';
import { slackTextToPlainText } from '../../../../src/channels/slack/inbound/inbound-text.js';
import { markdownToMrkdwn } from '../../../../src/channels/slack/render/markdown-to-mrkdwn.js';
import { slackMarkdownSegments } from '../../../../src/channels/slack/render/slack-markdown-segments.js';
import { splitCodeBlock, splitText } from '../../../../src/channels/slack/render/split-text.js';

describe('inline Markdown in mrkdwn', () => {
  it.each([
    ['**bold** and __also bold__', '*bold* and *also bold*'],
    ['*italic* and _italic_', '_italic_ and _italic_'],
    ['***both***', '*_both_*'],
    ['~~gone~~', '~gone~'],
    ['see [the docs](https://example.com/a?b=1&c=2)', 'see <https://example.com/a?b=1&amp;c=2|the docs>'],
    ['<https://example.com>', '<https://example.com>'],
    ['`a **not bold** <b>`', '`a **not bold** &lt;b&gt;`'],
    ['revenue < 100 & cost > 5', 'revenue &lt; 100 &amp; cost &gt; 5'],
    ['order_id and snake_case stay', 'order_id and snake_case stay'],
    ['2 * 3 * 4', '2 * 3 * 4'],
    ['[**bold link**](https://x.io)', '<https://x.io|*bold link*>'],
  ])('%s', (markdown, expected) => {
    expect(markdownToMrkdwn(markdown)).toBe(expected);
  });
});

describe('running text in mrkdwn', () => {
  it('turns headings into bold lines and keeps lists and quotes', () => {
    const markdown = ['# Sales **summary**', '', 'Intro *text*.', '', '- one', '* two', '  - nested', '1. first', '2) second', '> quoted **bit**'].join('\n');
    expect(markdownToMrkdwn(markdown)).toBe(['*Sales summary*', '', 'Intro _text_.', '', '• one', '• two', '    ◦ nested', '1. first', '2. second', '> quoted *bit*'].join('\n'));
  });
});

describe('slackMarkdownSegments and markdownToMrkdwn', () => {
  const markdown = ['Intro', '', '```sql', 'SELECT 1 < 2', '```', '', '| Region | Total |', '|:--|--:|', '| North | 300 |', '| South \\| East | 50 |', '', '---', 'End'].join('\n');

  it('separates text, code, tables and rules', () => {
    expect(slackMarkdownSegments(markdown)).toEqual([
      { kind: 'text', mrkdwn: 'Intro' },
      { kind: 'code', code: 'SELECT 1 < 2' },
      { kind: 'table', header: ['Region', 'Total'], rows: [['North', '300'], ['South | East', '50']], alignments: ['left', 'right'] },
      { kind: 'divider' },
      { kind: 'text', mrkdwn: 'End' },
    ]);
  });

  it('renders everything as one mrkdwn text with tables as code blocks', () => {
    expect(markdownToMrkdwn(markdown)).toBe(
      ['Intro', '```\nSELECT 1 &lt; 2\n```', '```\nRegion       | Total\n-------------+------\nNorth        |   300\nSouth | East |    50\n```', '———', 'End'].join('\n\n'),
    );
  });
});

describe('splitText', () => {
  it('prefers paragraph breaks, then lines, then spaces, and loses no word', () => {
    const text = `${'a'.repeat(60)}\n\n${'b'.repeat(30)}\n${'c'.repeat(30)} ${'d'.repeat(30)}`;
    const pieces = splitText(text, 70);
    expect(pieces).toEqual(['a'.repeat(60), `${'b'.repeat(30)}\n${'c'.repeat(30)}`, 'd'.repeat(30)]);
    expect(pieces.every((piece) => piece.length <= 70)).toBe(true);
  });

  it('never cuts inside a link or an entity', () => {
    const text = `${'word '.repeat(10)}<https://example.com/very/long/path|label> &amp; more`;
    const pieces = splitText(text, 60);
    expect(pieces.join(' ')).toContain('<https://example.com/very/long/path|label>');
    expect(pieces.every((piece) => (piece.match(/</g) ?? []).length === (piece.match(/>/g) ?? []).length)).toBe(true);
  });

  it('fences each piece of long code', () => {
    expect(splitCodeBlock('line1\nline2\nline3', 20)).toEqual(['```\nline1\nline2\n```', '```\nline3\n```']);
  });
});

describe('slackTextToPlainText', () => {
  it('strips the bot mention and decodes Slack markup', () => {
    expect(slackTextToPlainText('<@UBOT> sales for <#C1|general> &lt; 5 &amp; <https://x.io|docs>, cc <@U2>', 'UBOT')).toBe('sales for #general < 5 & docs (https://x.io), cc @U2');
  });
});
