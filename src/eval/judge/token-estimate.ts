/**
 * A model-independent token estimate, good enough to compare context sizes: one token per CJK
 * character (kana, kanji, hangul) plus one per four other characters, rounded up.
 */
export function estimateTokens(text: string): number {
  const cjk = text.match(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]/g)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}
