import { findMentionedSuppliers, resolveSupplier } from "../entities/supplier-resolver";
import { foldName, isAscii } from "../entities/name-key";
import { JA_SUPPLIER_WORDS, supplierPhrases } from "../entities/supplier-phrases";
import { LEXICON, REGION_TERMS } from "./lexicon";
import type { QuestionVocabulary, VocabularySupplier } from "./vocabulary";

/** Where Latin script meets another ("logistics支出"): a word ends there. */
// eslint-disable-next-line no-control-regex -- plain ASCII, control characters included
const LATIN_EDGE = /[a-z0-9](?=[^\x00-\x7f])|[^\x00-\x7f](?=[a-z0-9])/g;
/** Words written where a name could be that name no supplier. */
const GENERIC = [
  ..."supplier suppliers vendor vendors all everyone us them it 取引先 全取引先 全社 当社 弊社".split(" "),
  // Any company, as a question counts or points at them (「何社から」「他社の」).
  ..."何社 各社 他社 同社 御社 貴社 自社".split(" "),
  // Pronouns written in kana before a particle, where a kana name could stand (「これの」「すべての」).
  ..."すべて これ それ あれ どれ ここ そこ どこ わたし わたしたち われわれ みんな ほか いつ なに なん だれ".split(" "),
];

/**
 * Suppliers named other than exactly (id, name without legal form, kana, close spelling). Unresolved phrases are returned as written, so
 * the tools say they are unknown instead of answering for every supplier.
 */
export function resolveNamedSuppliers(question: string, vocabulary: QuestionVocabulary, found: readonly VocabularySupplier[]) {
  const ignore = (phrase: string) => namesNothing(phrase, vocabulary);
  const suppliers: VocabularySupplier[] = [];
  const unresolved: string[] = [];
  const matched: { text: string; supplier: VocabularySupplier }[] = [];
  for (const { text, lowerCase } of supplierPhrases(question, ignore)) {
    // A phrase holding a supplier already found ("Acme SaaS") is that supplier; one holding a
    // contract's id (「契約-0042」) names that contract, not an unknown supplier.
    if (findMentionedSuppliers([...found, ...suppliers], text).length > 0) continue;
    if (vocabulary.contractIds.in(text).length > 0) continue;
    const resolution = resolveWithoutSupplierWord(vocabulary.suppliers, text);
    if (resolution.outcome === "match") {
      matched.push({ text, supplier: resolution.supplier });
      if (!found.includes(resolution.supplier) && !suppliers.includes(resolution.supplier)) suppliers.push(resolution.supplier);
    } else if (!lowerCase || resolution.outcome === "ambiguous") unresolved.push(text);
    // A lower-case phrase that resolves to nothing is taken for ordinary words ("with respect to").
  }
  return { suppliers, unresolved, matched };
}

/** Made only of category, region and topic words ("logistics支出", "クラウド"): it names no supplier and no contract. */
export function namesNothing(phrase: string, vocabulary: QuestionVocabulary): boolean {
  // Latin words are set aside whole ("it" is no part of "Capital"), Japanese ones anywhere.
  let rest = ` ${foldName(phrase)
    .replace(LATIN_EDGE, "$& ")
    .replace(/[\s\p{P}\p{S}]+/gu, " ")} `;
  for (const word of vocabulary.wordsNamingNothing) {
    const latin = isAscii(word);
    if (rest.includes(word)) rest = latin ? rest.split(` ${word} `).join(" ") : rest.split(word).join(" ");
  }
  return rest.replace(/ /g, "").length < 2;
}

/** 「取引先A社」 as written when it is an alias; otherwise 「取引先山田運輸」 as 「山田運輸」. */
function resolveWithoutSupplierWord(suppliers: readonly VocabularySupplier[], phrase: string) {
  const resolution = resolveSupplier(suppliers, phrase);
  const withoutWord = phrase.replace(JA_SUPPLIER_WORDS, "");
  if (resolution.outcome === "match" || withoutWord === phrase || withoutWord === "") return resolution;
  const bare = resolveSupplier(suppliers, withoutWord);
  return bare.outcome === "match" ? bare : resolution;
}

/** Category, region and topic words, folded, longest first ("office supplies" before "office"): in a name's place they name no one. */
export function wordsNamingNothing(categories: readonly { terms: readonly string[] }[], regions: readonly string[]): ReadonlySet<string> {
  return new Set(
    [
      ...GENERIC,
      ...categories.flatMap((category) => category.terms),
      ...Object.values(LEXICON).flat(),
      ...Object.values(REGION_TERMS).flat(),
      ...regions,
    ]
      .map(foldName)
      .sort((a, b) => b.length - a.length),
  );
}
