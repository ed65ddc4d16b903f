// Finds the verified queries closest to a question, by words (MiniSearch, the library the context
// search uses): the question and each paraphrase of every verified query are indexed; a hit counts
// only when enough of the words agree on both sides (MIN_TERM_OVERLAP), so an unrelated question
// that shares one word ("revenue") with a verified one gets no example at all.
import MiniSearch from 'minisearch';
import type { VerifiedQuery } from './verified-query.js';
import { meaningfulTerm, meaningfulTerms, splitWords } from './verified-query-terms.js';

/** At most this many verified queries are given to the model for one question. */
export const MAX_VERIFIED_EXAMPLES = 3;

/**
 * The share of words two wordings must have in common (Dice: twice the shared stems over both
 * counts, typos and prefixes counted as MiniSearch matched them). Tuned on the measured set in
 * test/verified/verified-query-retrieval.test.ts: 20 queries × 3 paraphrases in other words
 * and 20 unrelated questions; see docs/verified-queries.md for the counts.
 */
export const MIN_TERM_OVERLAP = 0.35;

interface IndexedWording {
  id: number;
  queryIndex: number;
  text: string;
  termCount: number;
}

export interface VerifiedQueryMatch {
  query: VerifiedQuery;
  /** The overlap of the best-matching wording, 0–1. */
  overlap: number;
}

export class VerifiedQuerySearch {
  private readonly index: MiniSearch<IndexedWording>;
  private readonly wordings: IndexedWording[] = [];

  constructor(private readonly queries: readonly VerifiedQuery[]) {
    this.index = new MiniSearch<IndexedWording>({
      fields: ['text'],
      storeFields: ['queryIndex', 'termCount'],
      tokenize: splitWords,
      processTerm: (term) => meaningfulTerm(term) ?? null,
      searchOptions: { fuzzy: 0.2, prefix: (term) => term.length >= 4, combineWith: 'OR' },
    });
    queries.forEach((query, queryIndex) => {
      for (const text of [query.question, ...query.paraphrases]) {
        this.wordings.push({ id: this.wordings.length, queryIndex, text, termCount: meaningfulTerms(text).size });
      }
    });
    this.index.addAll(this.wordings);
  }

  /** The closest verified queries above the threshold, best first, at most `limit`. */
  closest(question: string, limit = MAX_VERIFIED_EXAMPLES): VerifiedQueryMatch[] {
    const questionTerms = meaningfulTerms(question).size;
    if (questionTerms === 0 || this.wordings.length === 0) return [];
    const best = new Map<number, { overlap: number; score: number }>();
    for (const hit of this.index.search(question)) {
      const wording = this.wordings[hit.id as number]!;
      const shared = Math.min(new Set(hit.queryTerms).size, new Set(hit.terms).size);
      const overlap = (2 * shared) / (questionTerms + wording.termCount);
      if (overlap < MIN_TERM_OVERLAP) continue;
      const previous = best.get(wording.queryIndex);
      if (!previous || hit.score > previous.score) best.set(wording.queryIndex, { overlap, score: hit.score });
    }
    return [...best.entries()]
      .sort((left, right) => right[1].score - left[1].score)
      .slice(0, limit)
      .map(([queryIndex, { overlap }]) => ({ query: this.queries[queryIndex]!, overlap }));
  }
}
