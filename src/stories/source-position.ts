// Offsets in the story code -> 1-based line and column, as editors and error messages count them.
import type { StorySourcePosition } from './story-document.js';

export class SourceLines {
  private readonly lineStarts: number[] = [0];

  constructor(code: string) {
    for (let index = 0; index < code.length; index += 1) {
      if (code[index] === '\n') this.lineStarts.push(index + 1);
    }
  }

  positionAt(offset: number): StorySourcePosition {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low]! + 1 };
  }
}
