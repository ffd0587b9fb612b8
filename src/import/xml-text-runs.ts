const LESS = 0x3c; // <
const GREATER = 0x3e; // >
const AMPERSAND = 0x26; // &
const SEMICOLON = 0x3b; // ;
/** The longest entity reference a cut must not split ("&#x10FFFF;"). */
const LONGEST_ENTITY = 10;

/**
 * A parser holds a text node whole, so one cell of hundreds of MB would end in "Invalid string length". A cut never ends inside an entity
 * reference (the parser refuses those); a tag too long cannot be cut without breaking the XML.
 */
export class XmlTextRunBound {
  private inTag = false;
  private run = 0;
  private dropping = false;
  private inEntity = false;

  constructor(private readonly maxBytes: number) {}

  pass(chunk: Buffer): Buffer {
    if (!this.dropping && chunk.length <= this.maxBytes) {
      // Every text or tag that starts and ends inside the chunk is shorter than it: only the one it continues can pass the limit. Then the
      // state after its last < or > is all that is left to follow.
      const first = chunk.indexOf(this.inTag ? GREATER : LESS);
      if (first !== -1 && this.run + first <= this.maxBytes) {
        const lastLess = chunk.lastIndexOf(LESS);
        const lastGreater = chunk.lastIndexOf(GREATER);
        this.inTag = lastLess > lastGreater;
        this.run = chunk.length - 1 - Math.max(lastLess, lastGreater);
        this.inEntity = endsInEntity(chunk, this.inEntity);
        return chunk;
      }
    }
    const kept = this.scan(chunk);
    this.inEntity = endsInEntity(kept, this.inEntity);
    return kept;
  }

  private scan(chunk: Buffer): Buffer {
    const kept: Buffer[] = [];
    let from = 0; // where the bytes still to keep start
    let at = 0;
    while (at < chunk.length) {
      const stop = chunk.indexOf(this.inTag ? GREATER : LESS, at);
      const end = stop === -1 ? chunk.length : stop;
      if (this.inTag) {
        if (this.run + (end - at) > this.maxBytes) throw new Error(`an XML tag of more than ${this.maxBytes.toLocaleString("en")} bytes`);
      } else if (!this.dropping && this.run + (end - at) > this.maxBytes) {
        let cutAt = safeCut(chunk, at, at + (this.maxBytes - this.run));
        // An entity begun in the bytes already passed that would end past the cut: keep it whole.
        const semicolon = at === 0 && this.inEntity ? chunk.indexOf(SEMICOLON) : -1;
        if (semicolon >= cutAt && semicolon < Math.min(end, LONGEST_ENTITY)) cutAt = semicolon + 1;
        kept.push(chunk.subarray(from, cutAt));
        this.dropping = true;
      }
      this.run += end - at;
      if (stop === -1) break;
      if (this.dropping) {
        // The text ends here: keep from its end tag on.
        from = stop;
        this.dropping = false;
      }
      this.inTag = !this.inTag;
      this.run = 0;
      at = stop + 1;
    }
    if (!this.dropping) kept.push(chunk.subarray(from));
    return kept.length === 1 ? kept[0] : Buffer.concat(kept);
  }
}

/** Whether the bytes passed end inside an entity reference after `bytes` (`before`: whether they did before them). */
function endsInEntity(bytes: Buffer, before: boolean): boolean {
  const ampersand = bytes.lastIndexOf(AMPERSAND);
  const end = Math.max(bytes.lastIndexOf(SEMICOLON), bytes.lastIndexOf(LESS));
  return ampersand === -1 && end === -1 ? before : ampersand > end;
}

/** `at` or the nearest position before it that starts a character outside an entity reference, not before `start`. */
function safeCut(chunk: Buffer, start: number, at: number): number {
  let cut = at;
  // UTF-8 continuation bytes are 10xxxxxx: back up to the byte that starts the character.
  while (cut > start && cut < chunk.length && (chunk[cut] & 0xc0) === 0x80) cut--;
  const ampersand = chunk.lastIndexOf(AMPERSAND, cut - 1);
  if (ampersand >= start && cut - ampersand <= LONGEST_ENTITY) {
    const semicolon = chunk.indexOf(SEMICOLON, ampersand);
    if (semicolon === -1 || semicolon >= cut) cut = ampersand;
  }
  return cut;
}
