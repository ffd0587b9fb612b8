/**
 * Record ids as a text writes them, in whatever format the data was imported with ("CTR-0001",
 * "NWC-2", "AGR/2024/17"): a token of letters, digits and separators with at least one letter and one
 * digit. Fiscal years ("FY2025") are periods, not ids. No id format is assumed beyond that.
 */
export function recordIdsIn(text: string): { id: string; at: number }[] {
  const ids: { id: string; at: number }[] = [];
  // Ids are ASCII: a run of Latin letters, digits and separators, also inside Japanese text (「契約NWC-2の」).
  for (const match of text.matchAll(/[A-Za-z0-9][A-Za-z0-9_\-/.]*/g)) {
    const token = match[0].replace(/[.\-/_]+$/, "");
    if (isRecordId(token)) ids.push({ id: token.toUpperCase(), at: match.index });
  }
  return ids;
}

function isRecordId(token: string): boolean {
  if (!/\d/.test(token) || !/[A-Za-z]/.test(token)) return false;
  if (/^fy'?\d{2,4}$/i.test(token) || /^q[1-4]$/i.test(token) || /^\d+(st|nd|rd|th|k|m|b|pct)$/i.test(token)) return false;
  return true;
}
