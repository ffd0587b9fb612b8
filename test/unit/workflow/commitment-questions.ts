/**
 * Commitment and informational questions built from templates: commitment acts × politeness ×
 * word order × amount formats, in English and Japanese. Every informational question names an amount
 * too, so the amount alone never decides. `HELD_ASIDE` is written by hand in shapes the templates do
 * not produce, to measure the rule on phrasings it was not tuned to.
 */
export interface LabelledQuestion {
  question: string;
  language: "en" | "ja";
  commits: boolean;
}

const EN_AMOUNTS = ["¥80M", "¥80,000,000", "80 million yen", "JPY 80,000,000"];
const JA_AMOUNTS = ["8,000万円", "八千万円", "¥80,000,000", "8000万円"];

/** An act with its object; `{a}` is where the amount goes. */
const EN_ACTS = [
  "sign a {a} three-year contract with Asahi Industrial",
  "enter into a {a} three-year agreement with Asahi Industrial",
  "conclude the {a} supply agreement with Acme",
  "agree to a {a} cloud deal with Acme",
  "order laptops worth {a} from Dell",
  "renew the Acme SaaS contract for {a}",
  "extend the Asahi maintenance contract by two years at {a}",
  "award the {a} logistics tender to Nippon Express",
  "accept Acme's terms for the {a} cloud contract",
  "purchase {a} of servers from Fujitsu",
];

/** Frames from blunt to formal, and from question to stated intent. */
const EN_FRAMES = [
  "Can we {act}?",
  "could we {act}?",
  "May we {act}?",
  "Is it OK for us to {act}?",
  "Are we allowed to {act}?",
  "Should we {act}?",
  "We would like to {act}.",
  "Would it be possible for us to {act}?",
  "Can we go ahead and {act}?",
  "Please {act}.",
];

/** Questions about figures, policy or thresholds, each with an amount and often a commitment verb. */
const EN_INFORMATIONAL = [
  "Who must approve it if we {act}?",
  "What approvals are needed to {act}?",
  "Which policy applies when we {act}?",
  "How long does it take to get approval to {act}?",
  "What is the approval threshold? We want to know if {a} is above it.",
  "Is {a} above the approval threshold?",
  "How much did we spend with Asahi last year, more than {a}?",
  "Does a {a} contract need CPO approval?",
  "Show me contracts above {a}.",
  "Did we sign any {a} contract with Asahi last year?",
];

/** Japanese acts: the object, then the verb's stem forms for each frame. */
interface JaAct {
  object: string;
  /** て-form stem, masu stem, potential stem, dictionary form. */
  te: string;
  masu: string;
  potential: string;
  plain: string;
}
const JA_ACTS: JaAct[] = [
  { object: "旭産業資材と{a}の3年契約を", te: "結んで", masu: "結び", potential: "結べ", plain: "結ぶ" },
  { object: "アクメと{a}のクラウドサービス契約を", te: "締結して", masu: "締結し", potential: "締結でき", plain: "締結する" },
  { object: "旭産業資材と{a}で", te: "契約して", masu: "契約し", potential: "契約でき", plain: "契約する" },
  { object: "デルにノートPCを{a}分", te: "発注して", masu: "発注し", potential: "発注でき", plain: "発注する" },
  { object: "アクメのSaaS契約を{a}で", te: "更新して", masu: "更新し", potential: "更新でき", plain: "更新する" },
  { object: "旭産業資材の保守契約を{a}で2年", te: "延長して", masu: "延長し", potential: "延長でき", plain: "延長する" },
  { object: "富士通からサーバーを{a}で", te: "購入して", masu: "購入し", potential: "購入でき", plain: "購入する" },
  { object: "アクメの{a}の条件を", te: "受け入れて", masu: "受け入れ", potential: "受け入れられ", plain: "受け入れる" },
];

/** Plain, polite and honorific permission, ability, intention and request frames. */
const JA_FRAMES: ((act: JaAct) => string)[] = [
  (act) => `${act.te}もいい？`,
  (act) => `${act.te}もよいですか？`,
  (act) => `${act.te}もよろしいでしょうか。`,
  (act) => `${act.te}も構いませんか`,
  (act) => `${act.potential}ますか？`,
  (act) => `${act.potential}る？`,
  (act) => `${act.masu}たいのですが、問題ありませんか？`,
  (act) => `${act.masu}たいです`,
  (act) => `${act.plain}べきでしょうか？`,
  (act) => `${act.te}ください`,
];

const JA_INFORMATIONAL: ((act: JaAct) => string)[] = [
  (act) => `${act.plain}には誰の承認が必要ですか？`,
  (act) => `${act.plain}場合の承認ルートを教えてください`,
  (act) => `${act.plain}ときの規程は？`,
  (act) => `${act.plain}のに必要な書類は何ですか？`,
  () => `{a}は承認基準額を超えますか？`,
  () => `旭産業資材との昨年の取引額は{a}を超えていますか？`,
  () => `{a}以上の契約の一覧を見せて`,
  () => `{a}の契約の承認者は？`,
  () => `昨年{a}の契約をいくつ更新しましたか？`,
  (act) => `${act.plain}ことができる役職は？`,
];

/** The act with its amount and the preposition that carried it taken out. */
function withoutAmount(act: string): string {
  return act.replace(/\{a\} of /, "").replace(/ (?:(?:for|at|worth) )?\{a\}/, "");
}

/** Rotates through the amount formats so every format meets every frame somewhere in the set. */
function withAmount(template: string, amounts: string[], index: number): string {
  return template.replace("{a}", amounts[index % amounts.length]);
}

function english(): LabelledQuestion[] {
  const questions: LabelledQuestion[] = [];
  EN_FRAMES.forEach((frame, f) =>
    EN_ACTS.forEach((act, a) => {
      const amount = EN_AMOUNTS[(f + a) % EN_AMOUNTS.length];
      const inOrder = frame.replace("{act}", act.replace("{a}", amount));
      // The same question with the amount moved to the front, outside the act.
      const fronted = `For ${amount}, ${frame.charAt(0).toLowerCase()}${frame.slice(1)}`.replace("{act}", withoutAmount(act));
      questions.push({ question: (f + a) % 2 === 0 ? inOrder : fronted, language: "en", commits: true });
    }),
  );
  EN_INFORMATIONAL.forEach((template, t) =>
    EN_ACTS.forEach((act, a) => {
      const question = withAmount(template.replace("{act}", act), EN_AMOUNTS, t + a);
      questions.push({ question, language: "en", commits: false });
    }),
  );
  return questions;
}

function japanese(): LabelledQuestion[] {
  const questions: LabelledQuestion[] = [];
  JA_FRAMES.forEach((frame, f) =>
    JA_ACTS.forEach((act, a) => {
      const amount = JA_AMOUNTS[(f + a) % JA_AMOUNTS.length];
      const inOrder = `${act.object}${frame(act)}`.replace("{a}", amount);
      // The amount first, as a topic: 「8,000万円ですが、…」.
      const fronted = `${amount}ですが、${act.object.replace(/\{a\}(?:の|分|で)?/, "")}${frame(act)}`;
      questions.push({ question: (f + a) % 2 === 0 ? inOrder : fronted, language: "ja", commits: true });
    }),
  );
  JA_INFORMATIONAL.forEach((template, t) =>
    JA_ACTS.forEach((act, a) => {
      const question = withAmount(`${template(act).includes("{a}") ? "" : act.object}${template(act)}`, JA_AMOUNTS, t + a);
      questions.push({ question, language: "ja", commits: false });
    }),
  );
  return questions;
}

export const GENERATED: LabelledQuestion[] = [...english(), ...japanese()];

/** Written by hand, in shapes the templates above do not produce. */
export const HELD_ASIDE: LabelledQuestion[] = [
  { question: "旭産業資材と8,000万円の3年契約を結んでもよいですか？", language: "ja", commits: true },
  { question: "アクメと5,000万円の3年間のクラウドサービス契約を結べますか？", language: "ja", commits: true },
  { question: "Can we enter into an ¥80,000,000 three-year agreement with Asahi Industrial?", language: "en", commits: true },
  { question: "Are we OK to sign off on the ¥120M Asahi renewal?", language: "en", commits: true },
  { question: "Any objection to us placing a ¥50M order with Dell this week?", language: "en", commits: true },
  { question: "I'd like to go ahead with the 60 million yen cloud deal with Acme — is that fine?", language: "en", commits: true },
  { question: "Okay to extend Acme by a year at ¥30,000,000?", language: "en", commits: true },
  { question: "Do we have the authority to accept Acme's ¥45M offer?", language: "en", commits: true },
  { question: "Let's renew the Nippon Express contract for ¥25M.", language: "en", commits: true },
  { question: "Would you approve us awarding the ¥90M tender to Fujitsu?", language: "en", commits: true },
  { question: "来月から三千万円で清掃業務を委託したいと考えています", language: "ja", commits: true },
  { question: "1.2億円でアクメとの契約を更新させていただけますか", language: "ja", commits: true },
  { question: "富士通に5,000万円のサーバーを発注しようと思うのですが、大丈夫でしょうか", language: "ja", commits: true },
  { question: "アクメの提示した6,000万円の条件で合意して差し支えないでしょうか", language: "ja", commits: true },
  { question: "旭産業資材との契約、¥50,000,000で延長可能ですか？", language: "ja", commits: true },
  { question: "What did we pay Asahi in total last year — over ¥80M?", language: "en", commits: false },
  { question: "Is a ¥50M renewal something the CPO has to sign off?", language: "en", commits: false },
  { question: "Explain the approval matrix for orders above ¥20,000,000.", language: "en", commits: false },
  { question: "List every contract with Acme worth more than 30 million yen.", language: "en", commits: false },
  { question: "How many ¥10M+ purchase orders did we place in 2025?", language: "en", commits: false },
  { question: "Where is the ¥80M Asahi contract stored?", language: "en", commits: false },
  { question: "5,000万円を超える契約の承認フローはどうなっていますか", language: "ja", commits: false },
  { question: "1億円以上の発注は誰が決裁しますか？", language: "ja", commits: false },
  { question: "アクメとの3,000万円の契約はいつ更新されましたか", language: "ja", commits: false },
  { question: "八千万円の契約を締結する際の注意点を教えて", language: "ja", commits: false },
  { question: "旭産業資材への支払いは今年いくらで、5,000万円を超えましたか", language: "ja", commits: false },
];
