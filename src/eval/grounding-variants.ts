import { toHiragana, toKatakana, toRomaji } from "wanakana";
import type { Supplier } from "../domain";
import type { GroundingQuestion } from "./grounding";

/**
 * A data set's own supplier names written the ways people write them. The expected answer is read off the data alone (a first word several
 * suppliers share must be asked back), never off the resolver the questions test.
 */
export function groundingVariants(suppliers: readonly Supplier[], dataSet: GroundingQuestion["dataSet"]): GroundingQuestion[] {
  const firstWords = new Map<string, Supplier[]>();
  for (const supplier of suppliers) {
    const word = firstWordOf(supplier.name);
    if (word) firstWords.set(word.toLowerCase(), [...(firstWords.get(word.toLowerCase()) ?? []), supplier]);
  }
  const questions: GroundingQuestion[] = [];
  const add = (language: "en" | "ja", name: string, form: string, expect: GroundingQuestion["expect"]) => {
    const question = language === "ja" ? `${name}の2025年度の支出は？` : `How much did we spend with ${name} in FY2025?`;
    if (questions.some((asked) => asked.question === question)) return;
    questions.push({
      id: `${dataSet}-variant-${questions.length + 1}-${form}`,
      dataSet,
      language,
      question,
      fiscalYear: "FY2025",
      expect,
    });
  };
  for (const supplier of suppliers) {
    const own = { outcome: "supplier", supplierId: supplier.id } as const;
    const names = [supplier.name, ...supplier.aliases];
    const katakana = names.find((name) => KATAKANA_ONLY.test(name));
    // The long-vowel mark is kept ("ペーパーライン" → "ぺーぱーらいん").
    if (katakana) add("ja", toHiragana(katakana.replace(/・/g, ""), { convertLongVowelMark: false }), "hiragana", own);
    const kanji = names.find((name) => /^\p{Script=Han}+$/u.test(name));
    if (kanji) add("ja", `${kanji}株式会社`, "kanji-legal-form", own);
    const kanaStem = names.map((name) => /^\p{Script=Hiragana}{2,}(?=\p{Script=Han})/u.exec(name)?.[0]).find(Boolean);
    if (kanaStem) {
      add("ja", toKatakana(kanaStem), "kana-stem", own);
      const romaji = toRomaji(kanaStem);
      add("en", romaji.charAt(0).toUpperCase() + romaji.slice(1), "romaji", own);
    }
    const word = firstWordOf(supplier.name);
    if (word && word.length >= 4) {
      const sharing = firstWords.get(word.toLowerCase()) ?? [];
      add("en", word, "first-word", sharing.length === 1 ? own : { outcome: "ask_back" });
      if (sharing.length === 1) add("ja", fullWidth(word), "full-width", own);
    }
  }
  return questions;
}

const KATAKANA_ONLY = /^[\p{Script=Katakana}ー・]{3,}$/u;

/** The first word of an English name ("Hayabusa Logistics Co., Ltd." → "Hayabusa"); none for a name in Japanese script. */
function firstWordOf(name: string): string | undefined {
  const word = name.split(/\s+/)[0]?.replace(/[^A-Za-z]/g, "");
  return word && /^[A-Z]/.test(word) ? word : undefined;
}

/** Latin letters as their full-width forms ("Acme" → "Ａｃｍｅ"). */
function fullWidth(word: string): string {
  return word.replace(/[A-Za-z]/g, (letter) => String.fromCharCode(letter.charCodeAt(0) + 0xfee0));
}
