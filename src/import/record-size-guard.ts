import { Transform } from "node:stream";

export interface CutRecord {
  record: number;
  chars: number;
  /** The line breaks inside its quoted fields that were dropped with its end (the reader counts lines from the values it gets). */
  droppedLineBreaks: number;
}

const QUOTE = '"';
const NEWLINE = "\n";

/**
 * Keeps a CSV record over `maxChars` from the parser, which holds a field whole: a quoted field that never closes would end in V8's
 * "Invalid string length". Its first `maxChars` pass, closed as a record, and `cut` names it so the reader reports a row issue and goes on.
 */
export class RecordSizeGuard extends Transform {
  readonly cut: CutRecord[] = [];
  private inQuotes = false;
  private records = 0;
  private recordChars = 0;
  private cutting: { passedInQuotes: boolean; droppedLineBreaks: number } | undefined;
  private lastChar = "";

  constructor(private readonly maxChars: number) {
    super({ readableObjectMode: true, writableObjectMode: true });
  }

  override _transform(text: string, _encoding: BufferEncoding, done: (error?: Error | null, text?: string) => void): void {
    // An empty string would be a chunk of its own in object mode.
    done(null, this.pass(text) || undefined);
  }

  override _flush(done: (error?: Error | null, text?: string) => void): void {
    done(null, (this.cutting && this.endCut(this.cutting, "")) || undefined);
  }

  private pass(text: string): string {
    let passed = "";
    let from = 0; // where the text still to pass starts
    let at = 0;
    let nextQuote = text.indexOf(QUOTE);
    let nextNewline = text.indexOf(NEWLINE);
    while (at < text.length) {
      if (nextQuote !== -1 && nextQuote < at) nextQuote = text.indexOf(QUOTE, at);
      if (nextNewline !== -1 && nextNewline < at) nextNewline = text.indexOf(NEWLINE, at);
      const endsRecord = !this.inQuotes && nextNewline !== -1 && (nextQuote === -1 || nextNewline < nextQuote);
      // The stretch up to the next character that may change the state (inside quotes only a quote can).
      const stop = endsRecord ? nextNewline : nextQuote === -1 ? text.length : nextQuote;
      if (this.cutting) {
        if (this.inQuotes) this.cutting.droppedLineBreaks += countOf(text, NEWLINE, at, stop);
      } else if (this.recordChars + (stop - at) > this.maxChars) {
        // Over the limit inside this stretch: pass up to the limit, drop the rest of the record.
        let cutAt = at + Math.max(0, this.maxChars - this.recordChars);
        // The record's own line end is added when it ends: never pass the CR of a CRLF.
        if (cutAt > 0 && text[cutAt - 1] === "\r") cutAt -= 1;
        passed += text.slice(from, cutAt);
        this.cutting = { passedInQuotes: this.inQuotes, droppedLineBreaks: this.inQuotes ? countOf(text, NEWLINE, cutAt, stop) : 0 };
      }
      this.recordChars += stop - at;
      if (stop === text.length) break;
      if (endsRecord) {
        if (this.cutting) {
          passed += this.endCut(this.cutting, stop > 0 ? text[stop - 1] : this.lastChar);
          from = stop + 1;
        }
        this.records += 1;
        this.recordChars = 0;
      } else {
        this.inQuotes = !this.inQuotes;
        this.recordChars += 1;
      }
      at = stop + 1;
    }
    if (!this.cutting) passed += text.slice(from);
    if (text.length > 0) this.lastChar = text[text.length - 1];
    return passed;
  }

  /** Closes the record cut short (`before`: the character before its line feed, "" at the end of the file) and records it. */
  private endCut(cutting: { passedInQuotes: boolean; droppedLineBreaks: number }, before: string): string {
    const { passedInQuotes, droppedLineBreaks } = cutting;
    this.cutting = undefined;
    this.cut.push({ record: this.records, chars: this.recordChars, droppedLineBreaks });
    const end = before === "" ? "" : before === "\r" ? "\r\n" : "\n";
    return (passedInQuotes ? QUOTE : "") + end;
  }
}

/** How many times `char` is in `text` from `from` up to `to`. */
export function countOf(text: string, char: string, from = 0, to = text.length): number {
  let count = 0;
  for (let at = text.indexOf(char, from); at !== -1 && at < to; at = text.indexOf(char, at + 1)) count++;
  return count;
}
