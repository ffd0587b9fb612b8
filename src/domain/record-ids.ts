/** Latin letters and digits: an id starting or ending in one is not read out of a longer word ("A1" in "FY2025A1"). */
const WORD_CHARACTER = /[\p{Script=Latin}\p{Nd}]/u;

/** The ids of one kind of record, recognised by lookup, never by shape (any import spelling counts); matching ignores case and full/half width. */
export function recordIdIndex(ids: Iterable<string>) {
  const byKey = new Map([...ids].map((id) => [keyOf(id), id]));
  const longest = Math.max(0, ...[...byKey.keys()].map((key) => key.length));
  const longestAt = (text: string, at: number, tokenEnd: number) => {
    // Twice the longest key: an id may be written in more characters than its folded key (decomposed accents).
    for (let end = Math.min(tokenEnd, at + longest * 2); end > at; end--) {
      const surface = text.slice(at, end);
      const id = byKey.get(keyOf(surface));
      if (id !== undefined && standsAlone(text, at, end)) return { id, at, surface };
    }
    return undefined;
  };
  return {
    /** Every id the text names, left to right; at each place the longest id written there. */
    in(text: string) {
      const named: NonNullable<ReturnType<typeof longestAt>>[] = [];
      if (byKey.size === 0) return named;
      for (const token of text.matchAll(/\S+/g)) {
        let start = 0;
        while (start < token[0].length) {
          const found = longestAt(text, token.index + start, token.index + token[0].length);
          if (found) named.push(found);
          start += found ? found.surface.length : 1;
        }
      }
      return named;
    },
  };
}
export type RecordIdIndex = ReturnType<typeof recordIdIndex>;

function standsAlone(text: string, start: number, end: number): boolean {
  const joins = (inside: string | undefined, outside: string | undefined) =>
    inside !== undefined && outside !== undefined && WORD_CHARACTER.test(inside) && WORD_CHARACTER.test(outside);
  return !joins(text[start], text[start - 1]) && !joins(text[end - 1], text[end]);
}

function keyOf(id: string): string {
  return id.normalize("NFKC").toUpperCase();
}

/** "CTR-0001 §4" → "CTR-0001", "POL-APPROVAL-MATRIX §3.2" → "POL-APPROVAL-MATRIX": the record a reference cites. */
export function recordOfReference(referenceId: string): string {
  return referenceId.split("§")[0].trim();
}
