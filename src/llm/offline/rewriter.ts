import { fiscalYearIn, fiscalYearOfDate } from "../../domain/fiscal-year";
import { extractAmounts } from "../../domain/amounts";
import { detectLanguage, type Language } from "../../domain/language";
import { followUpCues, needsEarlierContext, stringsFor, type UnderstandingOutput, type RewriterInput } from "../../domain";
import { LEXICON } from "../../tools/question/lexicon";
import { namesNothing, resolveNamedSuppliers } from "../../tools/question/named-suppliers";
import { containsPhrase, contentStems, indexOfName, isStopWord } from "../../tools/text/words";
import type { QuestionVocabulary, VocabularySupplier } from "../../tools/question/vocabulary";

type MentionKind = "supplier" | "contract" | "period" | "category" | "amount";

interface Mention {
  kind: MentionKind;
  at: number;
  surface: string;
  canonical: string;
}

const RELATIVE_PERIODS: { pattern: string; offset: number }[] = [
  { pattern: "last fiscal year|previous fiscal year|last year|昨年度|前年度|昨年|去年|前期", offset: -1 },
  { pattern: "this fiscal year|current fiscal year|this year|今年度|本年度|今年|今期", offset: 0 },
];
const PERIOD = new RegExp(
  String.raw`\bFY\s?'?(\d{4}|\d{2})\b|(\d{4})\s*年度|` + RELATIVE_PERIODS.map((period) => `(${period.pattern})`).join("|"),
  "gi",
);
/** A year counted back from the period under discussion, not from today: "the year before", 「前年」. */
const YEAR_BEFORE = /\b(the )?(year before|previous year|prior year|a year earlier)\b|前年(?!度)|その前の年/gi;
/** Stands for "one fiscal year before the previous question's period" until that period is known. */
const YEAR_BEFORE_MARK = "FY-1";
// Words that only carry the follow-up, not a topic of their own.
const CUE_WORDS = new Set("and also what about how same with for in of then".split(" "));
const SUPPLIER_PRONOUNS_EN = /\b(them|they|him|her)\b/i;
const SUPPLIER_POSSESSIVE_EN = /\btheir\b/i;
const SUPPLIER_PRONOUNS_JA = /(彼ら|先方|その(取引先|サプライヤー|会社))/;
const CONTRACT_PRONOUNS = /\b(it|that contract|this contract)\b|(その契約|この契約)/i;

/**
 * Completes a follow-up lexically from the latest remembered turn: what the message names replaces the same kind in the previous question,
 * the rest carries over. A message with its own topic and entities stands alone; one pointing back with nothing remembered is asked back.
 */
export function rewriteOffline(input: RewriterInput, vocabulary: QuestionVocabulary, today: Date): UnderstandingOutput {
  const message = input.question.trim();
  const standalone = understood("standalone", input.question);
  const last = input.turns.at(-1);
  if (!last)
    return needsEarlierContext(message)
      ? understood("clarify", input.question, false, stringsFor(input.language).followUps.clarification)
      : standalone;
  const cues = followUpCues(message);
  // "This year" and "last year" in the data set's fiscal years, whatever month they start in.
  const currentYear = fiscalYearOfDate(today, vocabulary.fiscalYearStartMonth);
  const own = mentionsIn(message, vocabulary, currentYear);
  const topic = topicWords(message, own) >= 2;
  // Only names and nothing asked ("Nimbus?", 「オーシャニック・フレイトとはやぶさ物流は？」) continues the last question.
  const pointsBack = cues.elliptical || cues.aboutAnswer || cues.dangling || cues.short || (own.length > 0 && !topic);
  if (!pointsBack || (topic && own.length > 0 && !cues.elliptical) || namesSubjectAndPeriod(message, own)) return standalone;

  const base = last.question.trim();
  if (own.length > 0 && !topic) {
    const previous = mentionsIn(base, vocabulary, currentYear);
    const resolvedOwn = yearBeforeResolved(own, previous, currentYear);
    // Never one question spliced from two languages: in another language than the previous question,
    // the message is completed with what it leaves out, written in its own language.
    if (detectLanguage(base) !== detectLanguage(message)) {
      const missing = previous.filter((mention) => !own.some((o) => o.kind === mention.kind));
      const spend = spendQuestion(base, [...resolvedOwn, ...missing], input.language);
      return understood("rewritten", spend ?? substitute(message, missing, resolvedOwn, input.language));
    }
    return understood("rewritten", substitute(base, resolvedOwn, previous, input.language));
  }

  const resolved = resolvePronouns(message, last.entities, input.language);
  if (resolved !== message && topicWords(message, own) >= 1) return understood("rewritten", resolved);
  // A new subject introduced with "what about …" points back at nothing: it stands alone.
  if (topic && !cues.aboutAnswer && !cues.dangling) return standalone;
  return understood("rewritten", attach(resolved, base, input.language), cues.aboutAnswer || (cues.dangling && resolved === message));
}

function understood(
  kind: UnderstandingOutput["kind"],
  standaloneQuestion: string,
  refersToPreviousAnswer = false,
  clarification = "",
): UnderstandingOutput {
  return { kind, standaloneQuestion, refersToPreviousAnswer, clarification };
}

/**
 * Every mention in a text by position, matched on the NFKC form ("ＦＹ２０２５" = "FY2025") when it keeps every position; surfaces are cut from
 * the text as written. Of two overlapping, the earlier kind (supplier, contract, period, category, amount) wins.
 */
function mentionsIn(written: string, vocabulary: QuestionVocabulary, currentYear: string): Mention[] {
  const normalized = written.normalize("NFKC");
  const text = normalized.length === written.length ? normalized : written;
  const suppliers = supplierMentions(text, vocabulary);
  const others = otherMentions(text, vocabulary, currentYear);
  const withoutContracts = placed(written, [...suppliers, ...others]);
  if (!mayNameContract(written, withoutContracts, vocabulary)) return withoutContracts;
  // Contract ids in any format the import accepted, found by looking them up in the data set.
  const contracts = vocabulary.contractIds
    .in(text)
    .map(({ id, at, surface }) => ({ kind: "contract" as const, at, surface, canonical: id }));
  return placed(written, [...suppliers, ...contracts, ...others]);
}

function supplierMentions(text: string, vocabulary: QuestionVocabulary): Mention[] {
  const mentions: Mention[] = [];
  const found = new Set<VocabularySupplier>();
  const names = vocabulary.suppliers
    .flatMap((supplier) => [supplier.name, ...supplier.aliases].map((name) => ({ supplier, name })))
    .sort((a, b) => b.name.length - a.name.length);
  for (const { supplier, name } of names) {
    const at = indexOfName(text, name);
    if (at < 0) continue;
    mentions.push({ kind: "supplier", at, surface: text.slice(at, at + name.length), canonical: supplier.name });
    found.add(supplier);
  }
  // Names written another way (without the legal form, in kana, by id, misspelt).
  for (const { text: phrase, supplier } of resolveNamedSuppliers(text, vocabulary, [...found]).matched)
    mentions.push({ kind: "supplier", at: text.indexOf(phrase), surface: phrase, canonical: supplier.name });
  return mentions;
}

function otherMentions(text: string, vocabulary: QuestionVocabulary, currentYear: string): Mention[] {
  const mentions: Mention[] = [];
  for (const match of text.matchAll(YEAR_BEFORE))
    mentions.push({ kind: "period", at: match.index, surface: match[0], canonical: YEAR_BEFORE_MARK });
  for (const match of text.matchAll(PERIOD))
    mentions.push({ kind: "period", at: match.index, surface: match[0], canonical: canonicalPeriod(match, currentYear) });
  for (const category of vocabulary.categories)
    for (const term of [...category.terms].sort((a, b) => b.length - a.length)) {
      const at = indexOfName(text, term);
      if (at >= 0) mentions.push({ kind: "category", at, surface: text.slice(at, at + term.length), canonical: term });
    }
  for (const amount of extractAmounts(text))
    mentions.push({ kind: "amount", at: text.indexOf(amount.text), surface: amount.text, canonical: amount.text.trim() });
  return mentions;
}

/** The candidates that fit, in the order given (one overlapping an earlier one is dropped), by position. */
function placed(written: string, candidates: Mention[]): Mention[] {
  const mentions: Mention[] = [];
  const taken = (at: number, length: number) => mentions.some((m) => at < m.at + m.surface.length && m.at < at + length);
  for (const { kind, at, surface, canonical } of candidates)
    if (at >= 0 && !taken(at, surface.length)) mentions.push({ kind, at, surface: written.slice(at, at + surface.length), canonical });
  return mentions.sort((a, b) => a.at - b.at);
}

/**
 * Whether a text may name a contract once its other mentions are set aside. A contract id is found by lookup, never by its shape, so any
 * word left that nothing else reads may be one; a text left with only stop and follow-up words, particles and the engine's own words ("And
 * last year?", 「2024年度は？」) names none, and needs no contract ids: it is rewritten even when they cannot be read.
 */
function mayNameContract(written: string, mentions: Mention[], vocabulary: QuestionVocabulary): boolean {
  const words = withoutMentions(written, mentions)
    .replace(/[\u3040-\u309f]+/g, " ")
    .split(/[\s\p{P}\p{S}]+/u)
    .filter((word) => word !== "" && !isStopWord(word) && !CUE_WORDS.has(word.toLowerCase()));
  return !namesNothing(words.join(" "), vocabulary);
}

/** "The year before" is counted from the previous question's period (or else the current one). */
function yearBeforeResolved(own: Mention[], previous: Mention[], currentYear: string): Mention[] {
  const from = previous.find((mention) => mention.kind === "period")?.canonical ?? currentYear;
  const year = Number(/^FY(\d{4})$/.exec(from)?.[1] ?? currentYear.slice(2));
  return own.map((mention) => (mention.canonical === YEAR_BEFORE_MARK ? { ...mention, canonical: `FY${year - 1}` } : mention));
}

function canonicalPeriod(match: RegExpMatchArray, currentYear: string): string {
  if (match[1]) return `FY${match[1].length === 2 ? `20${match[1]}` : match[1]}`;
  if (match[2]) return `FY${match[2]}`;
  const current = Number(currentYear.slice(2));
  const relative = RELATIVE_PERIODS.findIndex((_, index) => match[3 + index] !== undefined);
  return `FY${current + (RELATIVE_PERIODS[relative]?.offset ?? 0)}`;
}

/**
 * A question that names its own subject (supplier, contract or category) and period and asks something ("How much did we spend with Acme in
 * FY2025?", 「はやぶさ物流の2025年度の支出は？」) stands alone as written, whatever was asked before; "And Nimbus in FY2024?" asks nothing of its own.
 */
function namesSubjectAndPeriod(message: string, mentions: Mention[]): boolean {
  const subject = mentions.some((mention) => mention.kind === "supplier" || mention.kind === "contract" || mention.kind === "category");
  return subject && mentions.some((mention) => mention.kind === "period") && topicWords(message, mentions) >= 1;
}

function withoutMentions(text: string, mentions: Mention[]): string {
  return mentions.reduceRight((rest, mention) => rest.slice(0, mention.at) + " " + rest.slice(mention.at + mention.surface.length), text);
}

function topicWords(message: string, mentions: Mention[]): number {
  const rest = withoutMentions(message, mentions);
  const latin = contentStems(rest).filter((word) => !CUE_WORDS.has(word) && !/^\d+$/.test(word));
  const japanese = rest.replace(/[^\u3400-\u4dbf\u4e00-\u9fff\u30a0-\u30ff]/g, "").replace(/^(では|じゃあ|それでは|それで|あと)/, "");
  return latin.length + Math.floor(japanese.length / 2);
}

/** The previous question with the message's mentions in place of the same kinds; kinds it lacks are added ("… with Nimbus Workflow"). */
function substitute(base: string, own: Mention[], previous: Mention[], language: Language): string {
  const additions: Mention[] = [];
  const edits: { target: Mention; text: string }[] = [];
  for (const kind of new Set(own.map((mention) => mention.kind))) {
    const replacement = own.filter((mention) => mention.kind === kind).map((mention) => writtenAs(mention, language));
    const targets = previous.filter((mention) => mention.kind === kind);
    if (targets.length === 0) additions.push(...own.filter((mention) => mention.kind === kind));
    // The first mention of the kind takes every new value; later ones of the same kind go.
    targets.forEach((target, index) => edits.push({ target, text: index === 0 ? joinNames(replacement, language) : "" }));
  }
  // Right to left, so the positions of the edits still to make stay valid.
  let text = base;
  for (const { target, text: replacement } of edits.sort((a, b) => b.target.at - a.target.at))
    text = text.slice(0, target.at) + replacement + text.slice(target.at + target.surface.length);
  text = text.replace(/\s{2,}/g, " ").replace(/\s+([?？,、])/g, "$1");
  if (additions.length === 0) return text;
  if (language === "ja") return `${additions.map((mention) => `${writtenAs(mention, language)}の`).join("")}${text}`;
  const PREPOSITION: Record<MentionKind, string> = { supplier: "with", contract: "under", period: "in", category: "for", amount: "of" };
  const phrase = additions.map((mention) => `${PREPOSITION[mention.kind]} ${mention.canonical}`).join(" ");
  const end = /[?？.!]\s*$/.exec(text);
  return end ? `${text.slice(0, end.index)} ${phrase}${end[0].trim()}` : `${text} ${phrase}`;
}

// Fiscal years are written 「2024年度」 in Japanese.
function writtenAs(mention: Mention, language: Language): string {
  return language === "ja" && mention.kind === "period" ? fiscalYearIn(mention.canonical, "ja") : mention.canonical;
}

function joinNames(names: string[], language: Language): string {
  return language === "ja" ? names.join("と") : names.join(" and ");
}

/** "their" → "Acme Cloud Software's", "them" → the supplier, "it" → the contract, 「先方」→ the supplier. */
function resolvePronouns(message: string, entities: RewriterInput["turns"][number]["entities"], language: Language): string {
  const supplier = entities.suppliers[0];
  const contract = entities.contracts[0];
  let text = message;
  if (supplier) {
    text = text.replace(SUPPLIER_POSSESSIVE_EN, `${supplier}'s`).replace(SUPPLIER_PRONOUNS_EN, supplier);
    if (language === "ja") text = text.replace(SUPPLIER_PRONOUNS_JA, supplier);
  }
  if (contract) text = text.replace(CONTRACT_PRONOUNS, contract);
  return text;
}

/**
 * A message about the previous answer, with that question attached so it stands alone; a question in another language is only pointed at
 * (the previous answer travels with the run), never quoted.
 */
function attach(message: string, base: string, language: Language): string {
  const sameLanguage = detectLanguage(base) === detectLanguage(message);
  if (language === "ja") return sameLanguage ? `${message}（前の質問: ${base}）` : `${message}（前の質問について）`;
  return sameLanguage ? `${message} (about: ${base})` : `${message} (about the previous question)`;
}

/** A spend question written in one language, for a follow-up in another language than the spend question before it (`base`). */
function spendQuestion(base: string, mentions: Mention[], language: Language): string | undefined {
  const of = (kind: MentionKind) => mentions.filter((mention) => mention.kind === kind).map((mention) => writtenAs(mention, language));
  const [suppliers, categories, periods] = [of("supplier"), of("category"), of("period")];
  if (suppliers.length + categories.length === 0 || !LEXICON.spend.some((term) => containsPhrase(base, term))) return undefined;
  if (language === "ja") return `${[...suppliers, ...categories, ...periods].map((part) => `${part}の`).join("")}支出は？`;
  const parts = [
    suppliers.length > 0 ? `with ${joinNames(suppliers, language)}` : "",
    categories.length > 0 ? `on ${joinNames(categories, language)}` : "",
    periods.length > 0 ? `in ${periods[0]}` : "",
  ];
  return `How much did we spend ${parts.filter(Boolean).join(" ")}?`;
}
