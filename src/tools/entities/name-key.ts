import { toRomaji } from "wanakana";
/**
 * Comparison keys for names as people type them: NFKC (full-width "ＡＣＭＥ" and half-width "ｱｸﾒ" become "ACME" and "アクメ"), lower case,
 * katakana as hiragana ("アクメ" = "あくめ"), the legal form dropped ("Acme Cloud Software KK", "山田運輸株式会社", "(株)山田運輸") and spaces and punctuation
 * removed.
 */

/** Legal forms in English, German, Japanese and common abbreviations, as whole words. */
const LEGAL_FORMS =
  /(?<![\p{L}\p{N}])(co\.?,? ?ltd\.?|pte\.? ltd\.?|ltd\.?|inc\.?|k\.?\s?k\.?|gmbh|ag|ab|b\.v\.?|llc|llp|plc|corporation|corp\.?|company|co\.?)(?![\p{L}\p{N}])|株式会社|\(株\)|（株）|㈱|有限会社|\(有\)|合同会社/gu;
const KATAKANA = /[\u30a1-\u30f6]/g;

export function foldName(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(KATAKANA, (kana) => String.fromCharCode(kana.charCodeAt(0) - 0x60))
    .trim();
}

/** "Acme Cloud, Inc." → "acme cloud". */
export function nameWords(text: string): string {
  return foldName(text)
    .replace(LEGAL_FORMS, " ")
    .replace(/[\s\p{P}\p{S}]+/gu, " ")
    .trim();
}

/** "Acme Cloud, Inc." → "acmecloud". */
export function nameKey(text: string): string {
  return nameWords(text).replace(/ /g, "");
}

/** The words of a name with kana read out in Hepburn romaji ("はやぶさ 物流" → "hayabusa 物流"), so kana meets Latin letters; kanji have no reading here. */
export function romajiReading(words: string): string {
  // Names without kana are their own reading, and are not walked letter by letter (some are huge).
  if (!/[\u3040-\u30ff]/.test(words)) return words;
  return words
    .split(" ")
    .map((word) => toRomaji(nameKey(word)).replace(/-/g, ""))
    .join(" ");
}

/**
 * Plain ASCII, control characters included. Searched for the first other character rather than matched whole: a whole-string
 * `^[…]+$` backtracks one stack entry a character once V8 has compiled it, and overflows on a name of tens of megabytes.
 */
export function isAscii(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- plain ASCII, control characters included
  return text.length > 0 && !/[^\x00-\x7f]/.test(text);
}
