// How words become search terms, the same way for what is indexed and what is asked: lower case,
// no filler words, plurals folded to the singular ("customers", "categories", "boxes" match
// "customer", "category", "box"), so business words in a question meet the words in comments.

/** Words that say nothing about which table is meant. */
const FILLER_WORDS = new Set(
  (
    'a an and are as at be by can did do does for from give had has have how i in is it list me my ' +
    'of on or our per show tell that the their them there these this those to us was we were what ' +
    'when where which who why will with would you your each every all any many much number'
  ).split(' '),
);

const MINIMUM_STEM_LENGTH = 3;

/** Folds common English plurals to the singular; leaves short words and Latin-looking endings alone. */
export function singular(word: string): string {
  if (word.length <= MINIMUM_STEM_LENGTH + 1) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (/(?:ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** MiniSearch's `processTerm`: null drops the word. */
export function processSearchTerm(term: string): string | null {
  const word = term.toLowerCase();
  if (word.length < 2 || FILLER_WORDS.has(word)) return null;
  return singular(word);
}
