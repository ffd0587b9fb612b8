/*
 * Where a question writes a supplier's name, known to the data or not. A phrase found here that resolves to no supplier must be reported
 * as unknown, never dropped (dropping it widens the question to every supplier). No regular expression is built from the text.
 */

const LEAD_WORDS = new Set(["with", "from", "to", "of", "about", "for", "pay", "paid", "supplier", "vendor", "is"]);
/** Words after which a name is also looked for in lower case ("spend with acme cloud"). */
const LOWER_CASE_LEADS = new Set(["with", "from", "pay", "paid"]);
/**
 * Words after which any single token is the name ("supplier 100234", "vendor acme") — unless it is a
 * word that ends a name or is none ("supplier for packaging", "vendor with ISO 14001").
 */
const ID_WORDS = new Set(["supplier", "vendor"]);
/** "supplier id 100234", "vendor no. 7". */
const ID_FILLERS = new Set(["id", "no", "no.", "number", "#", "code"]);
/** Words that end a name ("… Acme Cloud Japan in FY2025", "… Globex for logistics"). */
const END_WORDS = new Set(
  "in for during over since until between and or on at by from to with last this next about regarding under per vs versus contract contracts agreement agreements account spend spending".split(
    " ",
  ),
);
/** Ordinary words that follow "supplier" or "vendor" in a sentence ("a supplier that can deliver"). */
const ORDINARY_WORDS = new Set("that which who whose can could should must will would is are was were has have had".split(" "));
/** Parts of a company name written in lower case or with punctuation. */
const NAME_PARTS = new Set(["&", "and", "co.", "co", "ltd", "ltd.", "inc", "inc.", "kk", "k.k.", "gmbh", "llc", "plc", "corp", "corp."]);
/** Capitalised words that are not names (certification marks too: "a vendor with ISO 14001"). */
const NOT_NAMES = new Set(
  "i fy q1 q2 q3 q4 iso iec soc iatf ismap january february march april may june july august september october november december monday tuesday wednesday thursday friday the a an our we what which who how".split(
    " ",
  ),
);
/** Periods and amounts, set aside before looking for names ("2025年度の" names no supplier). */
const PERIODS =
  /\bFY\s?'?\d{2,4}\b|\d{4}\s*年度?|\d{1,2}\s*月|[¥$€£]\s?[\d,.]+\s*(?:[kmb]|million|billion|万|億)?|[\d,.]+\s*(?:円|万円|億円|ドル)/giu;
/**
 * Japanese particles after which a name ends (「山田運輸の」「取引先A社との」「Globexへの」). A name may
 * open with kana (「さくら精機の」) or be kana alone (「はやぶさの」「ハヤブサの」).
 */
const JA_PARTICLES = /^(?:との|への|からの|から|の|に|と|は|へ)/u;
const JA_NAME =
  /((?:[A-Za-z0-9][A-Za-z0-9&.'-]*)(?: [A-Za-z0-9&][A-Za-z0-9&.'-]*)*|(?:(?!の)[\p{Script=Hiragana}ー])*[\p{Script=Han}\p{Script=Katakana}ー・A-Za-z0-9&＆]+|[\p{Script=Hiragana}\p{Script=Katakana}ー]{2,})(?=との|への|からの|から|の|に|と|は|へ)/gu;
/** Japanese company names written in kanji alone end with these. */
const JA_COMPANY_ENDINGS =
  /(社|運輸|商事|商会|物産|工業|産業|製作所|電機|電気|通運|物流|運送|興業|建設|化学|製薬|食品|技研|精機|倉庫|ホールディングス|グループ|株式会社)$/u;
/** Words that introduce a supplier in Japanese; the name may follow them directly (「取引先A社」). */
export const JA_SUPPLIER_WORDS = /^(取引先|仕入先|サプライヤー|ベンダー|業者)/u;

/** `ignore` says which phrases are known words of another kind (categories, regions, topic words), not names. */
export function supplierPhrases(question: string, ignore: (phrase: string) => boolean) {
  const text = question.normalize("NFKC").replace(PERIODS, " ， ");
  const found = [...englishPhrases(text), ...japanesePhrases(text).map((phrase) => ({ text: phrase, lowerCase: false }))]
    .map((phrase) => ({ ...phrase, text: phrase.text.trim() }))
    .filter((phrase) => phrase.text !== "");
  const seen = new Set<string>();
  return found.filter(
    (phrase) =>
      !seen.has(phrase.text) && seen.add(phrase.text) && !ignore(phrase.text) && !ignore(phrase.text.replace(JA_SUPPLIER_WORDS, "")),
  );
}

function englishPhrases(text: string) {
  const tokens = text.split(/\s+/).filter(Boolean);
  // `lowerCase` phrases ("with acme cloud") may be ordinary words.
  const phrases: { text: string; lowerCase: boolean }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const lead = bare(tokens[i]).toLowerCase();
    if (!LEAD_WORDS.has(lead) || endsClause(tokens[i])) continue;
    let start = i + 1;
    while (ID_WORDS.has(lead) && start < tokens.length && ID_FILLERS.has(bare(tokens[start]).toLowerCase())) start++;
    const name: string[] = [];
    let lowerCase = false;
    for (let j = start; j < tokens.length; j++) {
      const word = bare(tokens[j]);
      const lower = word.toLowerCase();
      const first = name.length === 0;
      const anyToken = first && ID_WORDS.has(lead) && !END_WORDS.has(lower) && !NOT_NAMES.has(lower) && !ORDINARY_WORDS.has(lower);
      if (first && !anyToken && LOWER_CASE_LEADS.has(lead) && /^\p{Ll}/u.test(word)) lowerCase = true;
      const fits = looksLikeName(word) || (!first && NAME_PARTS.has(lower)) || (lowerCase && /^\p{Ll}/u.test(word));
      if (!anyToken && (END_WORDS.has(lower) || !fits)) break;
      if (first && NOT_NAMES.has(lower) && !anyToken) break;
      name.push(word.replace(/'s$/, ""));
      if (endsClause(tokens[j]) || word.endsWith("'s")) break;
    }
    if (name.length > 0) phrases.push({ text: name.join(" "), lowerCase });
  }
  return phrases;
}

/**
 * Phrases before a particle. A phrase opening with kana may begin with the particle that ended the word before it (「今年はさくら精機の」 matches
 * 「はさくら精機」), which is no part of the name; kana before kanji never run across 「の」 (「のはやぶさの支出」 is no name).
 */
function japanesePhrases(text: string): string[] {
  return [...text.matchAll(JA_NAME)]
    .map((match) => (match.index > 0 ? withoutLeadingKana(match[1], text[match.index - 1]) : match[1]))
    .filter(looksLikeJapaneseName);
}

/**
 * A phrase without the kana that belong to the word before it: the particle that ended it
 * (「今年はさくら精機」 → 「さくら精機」), or, after kanji, its inflection (「高いサプライヤー」 → 「サプライヤー」).
 */
function withoutLeadingKana(phrase: string, before: string): string {
  const bare = phrase.replace(JA_PARTICLES, "");
  if (bare !== phrase || !/\p{Script=Han}/u.test(before)) return bare;
  return phrase.replace(/^\p{Script=Hiragana}+(?=[^\p{Script=Hiragana}])/u, "");
}

/** A Japanese phrase that reads as a company: Latin letters, katakana, kana alone, a company ending or a supplier word. */
function looksLikeJapaneseName(phrase: string): boolean {
  if (!/[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u.test(phrase) && !/[A-Za-z]/.test(phrase)) return false;
  return (
    /[A-Za-z]/.test(phrase) ||
    /^[\p{Script=Hiragana}\p{Script=Katakana}ー]{2,}$/u.test(phrase) ||
    /[\p{Script=Katakana}]{2}/u.test(phrase.replace(/ー/g, "")) ||
    JA_COMPANY_ENDINGS.test(phrase) ||
    JA_SUPPLIER_WORDS.test(phrase)
  );
}

function looksLikeName(word: string): boolean {
  return /^[\p{Lu}\d]/u.test(word) || /[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u.test(word);
}

/** "Co." and "Inc." keep their dot. */
function bare(token: string): string {
  const trimmed = token.replace(/^[("'“‘「]+/u, "").replace(/[)"'”’」?？!！,，、;:。]+$/u, "");
  return NAME_PARTS.has(trimmed.toLowerCase()) ? trimmed : trimmed.replace(/\.$/, "");
}

function endsClause(token: string): boolean {
  return /[?？!！,，、;:。]$/u.test(token) || (token.endsWith(".") && !NAME_PARTS.has(token.toLowerCase()));
}
