import { z } from "zod";

/** What a question is about, read without a model (tools/question): a data tool names the cues that call for it (its relevance). */
export const QuestionCueSchema = z.enum([
  /** A supplier is named, known to the data or not (an unknown one is still looked up, so the tool can say so). */
  "supplierNamed",
  "supplierKnown",
  "noSupplierKnown",
  "category",
  "fiscalYear",
  "trend",
  "amount",
  "percentage",
  // Topics the question touches.
  "policy",
  "contract",
  "spend",
  "price",
  "alternatives",
]);
export type QuestionCue = z.infer<typeof QuestionCueSchema>;

const ELLIPTICAL_EN = /^(and|also|what about|how about|same (for|with|as))\b/i;
const DANGLING_EN =
  /\b(them|they|their|theirs|it|its|those|these|him|her|he|she|the same|that one|this one)\b|\b(that|this)\b(?!\s+(fiscal|financial|year|quarter|month|week|supplier|vendor|contract|category|policy|purchase)\b)/i;
const ABOUT_ANSWER_EN =
  /^(why( not| so| is that| is it| was that)?|how come|how so|explain( that| this)?)\s*[?.!]*$|^(is|was|does|would|will|can|could|isn'?t|doesn'?t) (that|this)\b|\b(your answer|the answer|that answer|that figure|that amount)\b/i;
/** Kana cue words count only as words of their own, not inside a name in kana (「あとらす」「ぱしふぃっくはーどうぇあの」). */
const ELLIPTICAL_JA = /^(では|じゃあ|それでは|それで|あと(?=は|、|[^\p{Script=Hiragana}\p{Script=Katakana}ー]|$)|なら|ならば|で、|一方)/u;
const DANGLING_JA = /(?<![\p{Script=Hiragana}\p{Script=Katakana}ー])(それ|その(?!他)|そちら|あれ|あの|そこ)|彼ら|先方|同じ|前述|上記/u;
const ABOUT_ANSWER_JA = /^(なぜ|どうして|なんで)(ですか)?[？?。]*$|^(その理由|理由は)|(それは|それって|その金額|この回答|その回答)/;

/** Surface signs that a message continues a conversation: the workflow asks back when nothing is remembered; the offline engine carries context over. */
export function followUpCues(text: string) {
  const trimmed = text.trim();
  const latinWords = trimmed.split(/\s+/).filter((word) => /[A-Za-z0-9]/.test(word)).length;
  const cjkChars = trimmed.match(/[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/g)?.length ?? 0;
  return {
    // Starts like a continuation: "And with Nimbus?", "What about last year?", 「では昨年は？」.
    elliptical: ELLIPTICAL_EN.test(trimmed) || ELLIPTICAL_JA.test(trimmed),
    // Uses a word that points at something said before: "them", "that", 「それ」, 「その契約」.
    dangling: DANGLING_EN.test(trimmed) || DANGLING_JA.test(trimmed),
    // Asks about the previous answer itself: "why?", "is that above the cap?", 「なぜ？」.
    aboutAnswer: ABOUT_ANSWER_EN.test(trimmed) || ABOUT_ANSWER_JA.test(trimmed),
    // So short it can hardly stand alone ("Nimbus?", 「昨年は？」).
    short: cjkChars > 0 ? cjkChars <= 8 && latinWords <= 1 : latinWords <= 3,
  };
}

export function needsEarlierContext(text: string): boolean {
  const cues = followUpCues(text);
  const words = text.trim().split(/\s+/).length;
  const compact = words <= 8 && Array.from(text.trim()).length <= 40;
  return cues.elliptical || cues.aboutAnswer || (cues.dangling && compact);
}
