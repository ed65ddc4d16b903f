// The neutral Markdown helpers every renderer shares: block spacing and the leading title heading.
import { describe, expect, it } from 'vitest';
import { joinBlocks } from '../../src/markdown/block-separator.js';
import { leadingTitleHeading } from '../../src/markdown/leading-title-heading.js';
import { parseMarkdown } from '../../src/markdown/parse-markdown.js';

describe('joinBlocks', () => {
  it('keeps blocks on consecutive lines together and one blank line where the author left any', () => {
    const blocks = parseMarkdown('# Title\nIntro\n\n\n\n- a\n- b\n1. c').children;
    expect(blocks.map((block) => block.type)).toEqual(['heading', 'paragraph', 'list', 'list']);
    expect(joinBlocks(blocks, (block) => block.type)).toBe('heading\nparagraph\n\nlist\nlist');
  });

  it('drops blocks that render to nothing without doubling the spacing', () => {
    const blocks = parseMarkdown('one\n\n***\n\ntwo').children;
    expect(joinBlocks(blocks, (block) => (block.type === 'thematicBreak' ? '' : block.type))).toBe('paragraph\n\nparagraph');
  });
});

describe('leadingTitleHeading', () => {
  it('finds a level-1 heading at the start, without its marks, and the Markdown after it', () => {
    expect(leadingTitleHeading('# Sales **by** region\n\nText *here*.\n')).toEqual({ title: 'Sales by region', rest: 'Text *here*.' });
    expect(leadingTitleHeading('Sales\n=====\nText')).toEqual({ title: 'Sales', rest: 'Text' });
  });

  it('finds nothing when the Markdown starts otherwise', () => {
    expect(leadingTitleHeading('## Sales\n\nText')).toBeUndefined();
    expect(leadingTitleHeading('Intro\n\n# Sales')).toBeUndefined();
    expect(leadingTitleHeading('#hashtag is not a heading')).toBeUndefined();
    expect(leadingTitleHeading('')).toBeUndefined();
  });
});
