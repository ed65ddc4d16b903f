// nao's story-validation, with its messages: required attributes, chart_type / x_axis_type, the
// `series` JSON, self-closing <chart/> and <table/>, <grid> pairs, cols 1–4 and `widths`. Each
// error carries the 1-based line and column of the tag it is about. Pure: no query lookups here.
import { parseStoryDocument } from './parse-story-document.js';
import { SourceLines } from './source-position.js';
import { chartAttributeErrors, missingAttributesMessage, REQUIRED_TABLE_ATTRIBUTES } from './story-chart-attributes.js';
import { scanStoryTags, type StoryTag } from './story-tags.js';

export interface StoryValidationError {
  message: string;
  line: number;
  column: number;
  /** Characters of the offending tag, for editor markers. */
  length: number;
}

type GridOpenTag = Extract<StoryTag, { kind: 'grid-open' }>;

function gridErrors(code: string, open: GridOpenTag, closeStart: number): string[] {
  const errors: string[] = [];
  const { cols, widths } = open.attributes;
  if (cols !== undefined) {
    const count = Number(cols);
    if (cols.trim() === '' || !Number.isInteger(count) || count < 1 || count > 4) {
      errors.push(`Grid \`cols\` must be an integer between 1 and 4 (got "${cols}").`);
    }
  }
  if (widths !== undefined) {
    const values = widths.split(',');
    if (values.some((value) => value.trim() === '' || !Number.isInteger(Number(value.trim())) || Number(value.trim()) <= 0)) {
      errors.push('Grid `widths` must be a comma-separated list of positive integers.');
    }
    const childCount = parseStoryDocument(code.slice(open.end, closeStart)).length;
    if (values.length !== childCount) {
      errors.push(`Grid \`widths\` has ${values.length} values but the grid has ${childCount} columns.`);
    }
  }
  return errors;
}

function elementErrors(tag: Extract<StoryTag, { kind: 'element' }>): string[] {
  const errors: string[] = [];
  if (!tag.selfClosing) errors.push(`<${tag.name}> tag must be self-closing — use "/>" instead of ">".`);
  if (tag.name === 'chart') return [...errors, ...chartAttributeErrors(tag.attributes, tag.rawAttributes)];
  const missing = REQUIRED_TABLE_ATTRIBUTES.filter((name) => !tag.attributes[name]);
  if (missing.length > 0) errors.push(missingAttributesMessage('Table', missing));
  return errors;
}

export function validateStoryCode(code: string): StoryValidationError[] {
  const lines = new SourceLines(code);
  const errors: StoryValidationError[] = [];
  const report = (tag: StoryTag, messages: string[]) => {
    const position = lines.positionAt(tag.start);
    for (const message of messages) errors.push({ message, ...position, length: tag.raw.length });
  };
  const openGrids: GridOpenTag[] = [];
  for (const tag of scanStoryTags(code)) {
    if (tag.kind === 'element') report(tag, elementErrors(tag));
    else if (tag.kind === 'unterminated') {
      report(tag, [tag.name === 'grid' ? '<grid> tag is not properly closed — did you forget ">"?' : `<${tag.name}> tag is not properly closed — did you forget "/>"?`]);
    } else if (tag.kind === 'grid-open') openGrids.push(tag);
    else {
      const open = openGrids.pop();
      if (open) report(open, gridErrors(code, open, tag.start));
      else report(tag, ['</grid> closing tag has no matching <grid> opening tag.']);
    }
  }
  for (const open of openGrids) report(open, ['<grid> tag is missing a matching </grid> closing tag.']);
  return errors.sort((left, right) => left.line - right.line || left.column - right.column);
}

/** "Line 5, column 1: …" — how errors are shown to the model and in logs. */
export function formatStoryValidationError(error: Pick<StoryValidationError, 'message' | 'line' | 'column'>): string {
  return `Line ${error.line}, column ${error.column}: ${error.message}`;
}
