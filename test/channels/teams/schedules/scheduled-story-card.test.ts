// A scheduled story in Teams: the header names the story's version (and the story, when the
// schedule's title is another), and a story bigger than one card continues on further cards within
// the message budget, labelled, with Pause / Edit time / Delete on the last one only. Mirrors
// test/channels/slack/schedules/scheduled-story-blocks.test.ts.
import { describe, expect, it } from 'vitest';
import { scheduledPostCards } from '../../../../src/channels/teams/schedules/scheduled-post-card.js';
import type { CardElement } from '../../../../src/channels/teams/render/adaptive-card-types.js';
import { CARD_BUDGET_CHARACTERS, cardSizeInCharacters } from '../../../../src/channels/teams/render/message-budget.js';
import { scheduledStory } from '../../../schedules/scheduled-post-sample.js';

const paragraph = (index: number): CardElement => ({ type: 'TextBlock', text: `Paragraph ${index} ${'of a long weekly story '.repeat(40)}`, wrap: true });

describe('scheduled story cards', () => {
  it('says the story version beside the as-of time, and names the story under a schedule title of its own', () => {
    const post = scheduledStory();
    const [card] = scheduledPostCards(post, [paragraph(1)]);
    expect(card!.body[1]).toMatchObject({ text: 'as of Mon 14 Dec 2026, 09:00 CET (Europe/Berlin) · story v2 · [from this thread](https://example.slack.com/archives/C_SALES/p1700000000000100)' });
    const renamed = scheduledPostCards({ ...post, title: 'Monday numbers' }, [paragraph(1)]);
    expect(renamed).toHaveLength(1);
    expect(JSON.stringify(renamed[0]!.body[1])).toContain('· story “Weekly sales” v2 ·');
    expect(renamed[0]!.actions!.map((action) => action.title)).toEqual(['Pause', 'Edit time', 'Delete']);
  });

  it('continues a story bigger than one card on labelled cards within the budget, the buttons on the last only', () => {
    const cards = scheduledPostCards(scheduledStory(), Array.from({ length: 60 }, (_, index) => paragraph(index + 1)));
    expect(cards.length).toBeGreaterThan(1);
    for (const card of cards) expect(cardSizeInCharacters(card)).toBeLessThanOrEqual(CARD_BUDGET_CHARACTERS);
    expect(cards.map((card) => (card.actions ?? []).length)).toEqual([...cards.slice(1).map(() => 0), 3]);
    expect(cards.slice(1).every((card) => JSON.stringify(card.body[0]).includes('Weekly sales (continued)'))).toBe(true);
    const texts = cards.flatMap((card) => card.body).map((element) => JSON.stringify(element)).filter((text) => text.includes('Paragraph '));
    expect(texts).toHaveLength(60);
    expect(texts.at(-1)).toContain('Paragraph 60 ');
  });
});
