// Turns the model's raw text deltas into deltas of the answer as it is persisted: each step's text
// trimmed, empty steps dropped, steps joined by a blank line. Whitespace at the end of a step is held
// back until more text follows, because only then is it known not to be trailing.
const WHITESPACE_ONLY = /^\s*$/;

export class StepTextJoiner {
  private emittedAny = false;
  private stepHasText = false;
  private heldWhitespace = '';

  constructor(private readonly emit: (delta: string) => void) {}

  startStep(): void {
    this.stepHasText = false;
    this.heldWhitespace = '';
  }

  push(raw: string): void {
    if (raw === '') return;
    if (WHITESPACE_ONLY.test(raw)) {
      if (this.stepHasText) this.heldWhitespace += raw;
      return;
    }
    let text = raw;
    if (!this.stepHasText) {
      text = text.trimStart();
      if (this.emittedAny) text = `\n\n${text}`;
      this.stepHasText = true;
    } else {
      text = this.heldWhitespace + text;
    }
    const trailing = /\s*$/.exec(text)?.[0] ?? '';
    this.heldWhitespace = trailing;
    const visible = text.slice(0, text.length - trailing.length);
    if (visible !== '') {
      this.emittedAny = true;
      this.emit(visible);
    }
  }
}
