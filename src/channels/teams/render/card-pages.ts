// Elements laid out on as many cards as the message budget needs, in order, nothing dropped. A
// card is filled until the next element would not fit; the next card starts with the continuation
// line. An element too big for a card of its own is split: a ColumnSet into its columns, a
// Container into its items, a text into its paragraphs (or at a space, as a last resort), a table
// into runs of rows under its header. Every card leaves room for the buttons (the action row and any
// buttons stacked at the end of the body), which go on the last card so they are on the newest message.
import { createCard, type AdaptiveCard, type CardElement, type CardAction, type TableElement, type TextBlockElement } from './adaptive-card-types.js';
import { CARD_BUDGET_CHARACTERS, cardSizeInCharacters } from './message-budget.js';

export interface CardPagesLayout {
  /** Opens the first card (a story's title and version); may be empty. */
  lead?: CardElement[];
  /** Opens every further card ("… (continued)"); may be empty. */
  continuation?: CardElement[];
  /** Buttons of the last card. */
  actions?: CardAction[];
  /** Close the last card's body, after everything else (buttons stacked one per row). */
  closing?: CardElement[];
  budgetCharacters?: number;
}

export function layOutCardPages(body: readonly CardElement[], layout: CardPagesLayout = {}): AdaptiveCard[] {
  const actions = layout.actions ?? [];
  const lead = layout.lead ?? [];
  const continuation = layout.continuation ?? [];
  const closing = layout.closing ?? [];
  const buttonsSize = cardSizeInCharacters(createCard(closing, actions)) - cardSizeInCharacters(createCard([]));
  // One more character for the comma between the body's last element and the closing ones.
  const limit = (layout.budgetCharacters ?? CARD_BUDGET_CHARACTERS) - buttonsSize - (closing.length > 0 ? 1 : 0);
  const pages: Page[] = [openPage(lead)];
  const queue = [...body];
  while (queue.length > 0) {
    const element = queue.shift()!;
    const page = pages[pages.length - 1]!;
    const elementSize = cardSizeInCharacters(element);
    if (sizeWith(page, elementSize) <= limit) {
      addTo(page, element, elementSize);
      continue;
    }
    const fresh = openPage(continuation);
    const pageIsOnlyItsOpening = page.elements.length === (pages.length === 1 ? lead.length : continuation.length);
    if (!pageIsOnlyItsOpening && sizeWith(fresh, elementSize) <= limit) {
      addTo(fresh, element, elementSize);
      pages.push(fresh);
      continue;
    }
    const pieces = splitElement(element);
    if (pieces.length > 1) queue.unshift(...pieces);
    else if (pageIsOnlyItsOpening) addTo(page, element, elementSize);
    else pages.push(addTo(fresh, element, elementSize));
  }
  return pages.map((page, index) => (index === pages.length - 1 ? createCard([...page.elements, ...closing], actions) : createCard(page.elements)));
}

/** A card's elements and its JSON size without buttons, kept as elements are added (one JSON.stringify per element). */
interface Page {
  elements: CardElement[];
  size: number;
}

function openPage(opening: CardElement[]): Page {
  return { elements: [...opening], size: cardSizeInCharacters(createCard(opening)) };
}

/** The body is a JSON array: one more element adds its own JSON and, after the first, a comma. */
function sizeWith(page: Page, elementSize: number): number {
  return page.size + elementSize + (page.elements.length > 0 ? 1 : 0);
}

function addTo(page: Page, element: CardElement, elementSize: number): Page {
  page.size = sizeWith(page, elementSize);
  page.elements.push(element);
  return page;
}

/** Smaller elements that together show the same thing; the element itself when it cannot be split. */
function splitElement(element: CardElement): CardElement[] {
  switch (element.type) {
    case 'ColumnSet':
      // Column by column, each kept whole (a chart's image stays with its caption).
      return element.columns.flatMap((column): CardElement[] => (column.items && column.items.length > 0 ? [{ type: 'Container', items: column.items }] : []));
    case 'Container':
      if (element.items.length === 1) return splitOnlyItem(element);
      if (element.style === undefined) return element.items;
      // A shaded container (code) stays shaded, in two halves.
      return [element.items.slice(0, Math.ceil(element.items.length / 2)), element.items.slice(Math.ceil(element.items.length / 2))].map((items) => ({ ...element, items }));
    case 'TextBlock':
      return splitText(element);
    case 'Table':
      return splitTable(element);
    default:
      return [element];
  }
}

function splitOnlyItem(container: Extract<CardElement, { type: 'Container' }>): CardElement[] {
  const [only] = container.items;
  if (!only) return [container];
  const pieces = splitElement(only);
  return pieces.length > 1 ? pieces.map((piece) => ({ ...container, items: [piece] })) : [container];
}

const SEPARATORS = ['\n\n', '\r', '\n', '. ', ' '];

/** In halves at the separator nearest the middle: paragraphs first, then lines, sentences, words. */
function splitText(element: TextBlockElement): TextBlockElement[] {
  const { text } = element;
  const middle = Math.floor(text.length / 2);
  for (const separator of SEPARATORS) {
    const before = text.lastIndexOf(separator, middle);
    const after = text.indexOf(separator, middle);
    const candidates = [before, after].filter((position) => position > 0 && position + separator.length < text.length);
    if (candidates.length === 0) continue;
    const at = candidates.reduce((best, position) => (Math.abs(position - middle) < Math.abs(best - middle) ? position : best));
    const keep = separator === '. ' ? 1 : 0;
    return [
      { ...element, text: text.slice(0, at + keep) },
      { ...element, text: text.slice(at + separator.length) },
    ];
  }
  if (text.length < 2) return [element];
  return [
    { ...element, text: text.slice(0, middle) },
    { ...element, text: text.slice(middle) },
  ];
}

/** Runs of rows, each under the header row again so every part reads on its own. */
function splitTable(table: TableElement): TableElement[] {
  const [header, ...rows] = table.rows;
  if (!header || rows.length < 2) return [table];
  const half = Math.ceil(rows.length / 2);
  return [
    { ...table, rows: [header, ...rows.slice(0, half)] },
    { ...table, rows: [header, ...rows.slice(half)] },
  ];
}
