export function sentencesOf(text: string): string[] {
  // "Co., Ltd." and the like end no sentence.
  return text
    .split(/(?<!\b(?:Ltd|Co|Inc|Corp|Pte|vs)\.)(?<=[.!?])\s+|(?<=[。！？])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Two sentences are the same when they differ only in spacing, case or final punctuation. */
export function sentenceKey(sentence: string): string {
  return sentence
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s.。!?！？]+/g, " ")
    .trim();
}

/** A line that does not fit is left out whole (a fact cut mid-way could misstate a figure); a shorter later one may still fit. */
export function linesWithin(lines: readonly string[], maxChars: number, separator = "\n"): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const cost = line.length + (kept.length > 0 ? separator.length : 0);
    if (used + cost > maxChars) continue;
    kept.push(line);
    used += cost;
  }
  return kept;
}
