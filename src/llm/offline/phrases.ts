/** Every sentence the offline engine writes, in English and Japanese: a wording change or a new language is one edit here. */
import { fiscalYearIn } from "../../domain/fiscal-year";
import type { Language } from "../../domain/language";
import { labelsFor, type SourceKind } from "../../domain";
import { NO_FIGURE, figureOrDash } from "../../tools/format";

function signedPct(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${rounded > 0 ? "+" : ""}${rounded}%`;
}

/** A sentence ending in one full stop, also after a name ending in one ("… Acme Logistics Inc."). */
function sentence(text: string): string {
  return text.endsWith(".") ? text : `${text}.`;
}

/** Data of no kind its name says, or a kind of record named as the answer's sources are. */
export type ReadKind = SourceKind | "data";

const KIND_EN = { supplier: "supplier", category: "spend category", costCenter: "cost centre", contract: "contract" } as const;
const KIND_JA = { supplier: "取引先", category: "支出カテゴリ", costCenter: "コストセンター", contract: "契約" } as const;

type SpendScope = Partial<Record<"supplier" | "category" | "fiscalYear" | "from" | "to" | "costCenter", string | null>>;

function scopeParts(
  s: SpendScope,
  words: { fiscalYear: (fy: string) => string; range: (from: string, to: string) => string; costCenter: (cc: string) => string },
): string[] {
  return [
    s.supplier,
    s.category,
    s.fiscalYear ? words.fiscalYear(s.fiscalYear) : null,
    s.from || s.to ? words.range(s.from ?? "…", s.to ?? "…") : null,
    s.costCenter ? words.costCenter(s.costCenter) : null,
  ].filter((part): part is string => Boolean(part));
}

/** A supplier's profile as its sentence states it; a figure the data lacks is null. */
type SupplierProfile = Record<"name" | "id" | "riskRating", string> &
  Record<"onTimePct" | "qualityScore" | "incidents", number | null> & { certifications: string[] };

const en = {
  language: "en" as Language,
  routerMatched: (matches: { name: string; keywords: string[] }[]) =>
    `Matched keywords: ${matches.map((m) => `${m.name} (${m.keywords.slice(0, 4).join(", ")})`).join("; ")}.`,
  routerNoMatch: (name: string) => `No specialist keywords matched, so the ${name} answers alone.`,
  scopeOut: (offTopic: string[]) =>
    offTopic.length > 0
      ? `Not a procurement question: it is about ${offTopic.slice(0, 3).join(", ")}.`
      : "Not a procurement question: it names no purchase, supplier, contract, spend or policy.",
  contractFound: (c: { id: string; title: string; supplierName: string }) =>
    `Contract ${c.id} "${c.title}" with ${c.supplierName} applies.`,
  contractCapCompare: (c: { id: string; requestedPct: number; capPct: number }) =>
    c.requestedPct > c.capPct
      ? `The requested ${signedPct(c.requestedPct)} exceeds the ${c.capPct}% price-adjustment cap in ${c.id}, so it cannot be accepted as is.`
      : `The requested ${signedPct(c.requestedPct)} is within the ${c.capPct}% price-adjustment cap in ${c.id}.`,
  contractNoCap: (c: { id: string; requestedPct: number }) =>
    `${c.id} has no price-adjustment cap, so ${signedPct(c.requestedPct)} is a matter for negotiation.`,
  contractRenewal: (c: { id: string; endDate: string; autoRenew: boolean; noticeDays: number; noticeDeadline: string }) =>
    `${c.id} ends on ${c.endDate}${c.autoRenew ? " and renews automatically" : " and does not renew automatically"}; notice is ${c.noticeDays} days (by ${c.noticeDeadline}).`,
  supplierProfile: (s: SupplierProfile) =>
    `${s.name} (${s.id}) has a ${s.riskRating} risk rating` +
    (s.certifications.length ? `, certifications ${s.certifications.join(", ")}` : ", no certifications on file") +
    `, ${figureOrDash(s.onTimePct, "%")} on-time delivery, quality score ${figureOrDash(s.qualityScore)}` +
    (s.incidents !== null
      ? `, ${s.incidents} ${s.incidents === 1 ? "incident" : "incidents"} in the last 12 months`
      : `, incidents ${NO_FIGURE}`) +
    ".",
  supplierSanctions: (s: { name: string; flagged: boolean }) =>
    s.flagged
      ? `${s.name} is flagged in sanctions screening: do not proceed without Compliance.`
      : `${s.name} is not flagged in sanctions screening.`,
  benchmark: (b: { category: string; median: string; p25: string; p75: string; unit: string; typicalIncreasePct: number }) =>
    `The market benchmark for ${b.category} is ${b.median} ${b.unit} (p25 ${b.p25}, p75 ${b.p75}); typical yearly increase ${b.typicalIncreasePct}%.`,
  benchmarkCompare: (b: { requestedPct: number; typicalIncreasePct: number }) =>
    b.requestedPct > b.typicalIncreasePct
      ? `${signedPct(b.requestedPct)} is above the market's typical ${b.typicalIncreasePct}% increase: push back.`
      : `${signedPct(b.requestedPct)} is in line with the market's typical ${b.typicalIncreasePct}% increase.`,
  /** What a spend figure covers, from the query's filters ("物流・2025年度"); the category already as a label. */
  spendScope: (s: SpendScope) =>
    scopeParts(s, { fiscalYear: (fy) => fy, range: (from, to) => `${from} to ${to}`, costCenter: (cc) => `cost center ${cc}` }).join(
      ", ",
    ) || "all spend",
  spendTotal: (s: { scope: string; total: string; count: number | null }) =>
    `Spend ${s.scope}: ${s.total}${s.count !== null ? ` over ${s.count} ${s.count === 1 ? "transaction" : "transactions"}` : ""}.`,
  spendChange: (s: { from: string; to: string; changePct: number; sameMonths: boolean }) =>
    `${s.to} vs ${s.from}${s.sameMonths ? " (same months to date)" : ""}: ${signedPct(s.changePct)}.`,
  spendTop: (s: { groups: string[] }) => `Largest: ${s.groups.join("; ")}.`,
  spendLatest: (s: { groups: string[] }) => `Latest periods: ${s.groups.join("; ")}.`,
  policyApplies: (p: { amount: string; referenceId: string; text: string }) => `For ${p.amount}, ${p.referenceId} applies: "${p.text}"`,
  policyFound: (p: { referenceId: string; text: string }) => `${p.referenceId}: "${p.text}"`,
  /** The rationale point citing the records a conclusion states whole (their wording is shown beside it). */
  conclusionRestsOn: (count: number) => `The conclusion rests on ${count === 1 ? "this record" : "these records"}.`,
  /** `category` empty when the list is of no one category. */
  suppliersListed: (s: { category: string; names: string[] }) =>
    `Candidate ${s.category ? `${s.category} ` : ""}suppliers: ${s.names.join(", ")}.`,
  risk: (rating: string) => `${rating} risk`,
  evidenceFound: (e: { count: number; digests: string[] }) =>
    `Found ${e.count} relevant ${e.count === 1 ? "item" : "items"}: ${e.digests.join(" / ")}.`,
  nothingFound: (tools: string[]) => `The lookups (${tools.join(", ")}) returned nothing that answers the question.`,
  /** A name the data does not hold, with the closest names it does. */
  notInData: ({ kind, name, closest }: { kind: "supplier" | "category" | "costCenter" | "contract"; name: string; closest: string[] }) =>
    `No ${KIND_EN[kind]} named ${name} is in the data.${closest.length > 0 ? ` Closest names: ${sentence(closest.join(", "))}` : ""}`,
  whichOne: ({ name, candidates }: { name: string; candidates: string[] }) =>
    `Several suppliers could be ${name}: ${sentence(candidates.join(", "))} Which one do you mean?`,
  /** Records a tool failed to read: the answer cannot rest on them. */
  couldNotRead: (kinds: ReadKind[]) => {
    const what = new Intl.ListFormat("en-GB").format(
      kinds.map((kind) => (kind === "data" ? "data" : `${labelsFor("en").sourceNames[kind].toLowerCase()} records`)),
    );
    return `The ${what} could not be read, so this cannot be answered from ${kinds.length === 1 && kinds[0] === "data" ? "it" : "them"}.`;
  },
  noToolsUsed: "No data lookup matched this question; this is general guidance only.",
  noFindings: "No specialist could answer this question from the available data.",
  /** Prefix of a recommended action inside a finding's details (the Moderator collects these lines). */
  nextStep: "Next step: ",
  requeryNote: (tools: string[]) => `Re-checked after the moderator's critique with ${tools.join(", ")}.`,
  debateNote: (peers: { name: string; summary: string }[]) =>
    `Taking the other specialists into account: ${peers.map((p) => `${p.name}: ${p.summary}`).join(" ")}`,
  combined: (others: { name: string; summary: string }[]) => others.map((o) => `The ${o.name} adds: ${o.summary}`).join(" "),
  failedSpecialists: (failures: { name: string; error: string }[]) =>
    `Not included because they failed: ${failures.map((f) => `${f.name} (${f.error})`).join(", ")}.`,
  actionNotice: (a: { noticeDays: number; deadline: string | null; referenceId: string }) =>
    `Decide on renewal and send written notice at least ${a.noticeDays} days before the end date${a.deadline ? ` (by ${a.deadline})` : ""} [${a.referenceId}].`,
  actionCapExceeded: (a: { capPct: number; referenceId: string }) =>
    `Ask the supplier to bring the increase within the ${a.capPct}% cap or document a justification for an exception [${a.referenceId}].`,
  actionApproval: (a: { referenceId: string }) => `Get the approval that ${a.referenceId} requires for this amount before committing.`,
  actionQuotes: (a: { referenceId: string }) => `Collect the quotations that ${a.referenceId} requires for this amount before ordering.`,
  actionSanctions: (a: { referenceId: string }) => `Stop and escalate to Compliance before any commitment [${a.referenceId}].`,
  actionHighRisk: (a: { referenceId: string }) => `Run enhanced due diligence before committing [${a.referenceId}].`,
  /** Points at the answer's listed sources by number of sources, never by their raw ids ("SPEND logistics FY2025"). */
  actionReview: (count: number) => `Review the ${count === 1 ? "cited source" : `${count} cited sources`} before deciding.`,
  actionAskExpert: "Ask the procurement team to confirm, since no documents were found for this question.",
  critiqueThin: (c: { have: number; need: number; evidenceNeed: string }) =>
    `Evidence is thin: ${c.have} distinct ${c.have === 1 ? "reference" : "references"} for a ${c.evidenceNeed} evidence need (${c.need} expected).`,
  critiqueNoEvidence: (names: string[]) => `No evidence from: ${names.join(", ")}.`,
  critiqueFailures: (names: string[]) => `Failed specialists: ${names.join(", ")}.`,
  critiqueComplete: "Evidence covers the question.",
};

export type Phrases = typeof en;

const bracketed = (items: string[]) => items.map((item) => `「${item}」`).join("");

const ja: Phrases = {
  language: "ja",
  routerMatched: (matches) => `キーワード一致: ${matches.map((m) => `${m.name}（${bracketed(m.keywords.slice(0, 4))}）`).join("、")}。`,
  routerNoMatch: (name) => `一致するキーワードがないため、${name}が単独で回答します。`,
  scopeOut: (offTopic) =>
    offTopic.length > 0
      ? `調達に関する質問ではありません（${bracketed(offTopic.slice(0, 3))}）。`
      : "調達に関する質問ではありません（購入・取引先・契約・支出・規程のいずれにも触れていません）。",
  contractFound: (c) => `${c.supplierName}との契約 ${c.id}「${c.title}」が該当します。`,
  contractCapCompare: (c) =>
    c.requestedPct > c.capPct
      ? `提示された${signedPct(c.requestedPct)}は${c.id}の価格改定上限${c.capPct}%を超えるため、そのままでは受け入れられません。`
      : `提示された${signedPct(c.requestedPct)}は${c.id}の価格改定上限${c.capPct}%の範囲内です。`,
  contractNoCap: (c) => `${c.id}には価格改定の上限がないため、${signedPct(c.requestedPct)}は交渉事項です。`,
  contractRenewal: (c) =>
    `${c.id}は${c.endDate}に満了し、${c.autoRenew ? "自動更新されます" : "自動更新されません"}。通知期間は${c.noticeDays}日（期限 ${c.noticeDeadline}）です。`,
  supplierProfile: (s) =>
    // The id is the citation's, not the sentence's.
    `${s.name}のリスク格付けは${({ low: "低", medium: "中", high: "高" } as Record<string, string>)[s.riskRating] ?? s.riskRating}` +
    (s.certifications.length ? `、認証は${s.certifications.join("、")}` : "、認証の登録なし") +
    `、納期遵守率${figureOrDash(s.onTimePct, "%")}、品質スコア${figureOrDash(s.qualityScore)}` +
    `、過去12か月のインシデント${s.incidents !== null ? `${s.incidents}件` : NO_FIGURE}` +
    "です。",
  supplierSanctions: (s) =>
    s.flagged
      ? `${s.name}は制裁スクリーニングで該当ありです。コンプライアンス部門の確認なしに進めないでください。`
      : `${s.name}は制裁スクリーニングで該当なしです。`,
  benchmark: (b) =>
    `${b.category}の市場ベンチマークは中央値${b.median}（単位: ${b.unit}、p25 ${b.p25}、p75 ${b.p75}）、年間の一般的な値上げ率は${b.typicalIncreasePct}%です。`,
  benchmarkCompare: (b) =>
    b.requestedPct > b.typicalIncreasePct
      ? `${signedPct(b.requestedPct)}は市場の一般的な値上げ率${b.typicalIncreasePct}%を上回るため、押し返すべきです。`
      : `${signedPct(b.requestedPct)}は市場の一般的な値上げ率${b.typicalIncreasePct}%と同水準です。`,
  spendScope: (s) =>
    scopeParts(s, {
      fiscalYear: (fy) => fiscalYearIn(fy, "ja"),
      range: (from, to) => `${from}〜${to}`,
      costCenter: (cc) => `コストセンター${cc}`,
    }).join("・") || "全体",
  spendTotal: (s) => `${s.scope}の支出は${s.total}${s.count !== null ? `（${s.count}件）` : ""}です。`,
  spendChange: (s) =>
    `${fiscalYearIn(s.to, "ja")}は${fiscalYearIn(s.from, "ja")}比${s.sameMonths ? "（同期間）" : ""}${signedPct(s.changePct)}です。`,
  spendTop: (s) => `上位: ${s.groups.join("、")}。`,
  spendLatest: (s) => `直近の期間: ${s.groups.join("、")}。`,
  policyApplies: (p) => `${p.amount}の場合、${p.referenceId}が適用されます:「${p.text}」`,
  policyFound: (p) => `${p.referenceId}:「${p.text}」`,
  conclusionRestsOn: () => "結論はこれらの記録に基づきます。",
  suppliersListed: (s) => `${s.category ? `${s.category}の` : ""}候補サプライヤー: ${s.names.join("、")}。`,
  risk: (rating) => ({ low: "低リスク", medium: "中リスク", high: "高リスク" })[rating] ?? rating,
  evidenceFound: (e) => `関連する情報が${e.count}件見つかりました: ${e.digests.join(" / ")}。`,
  nothingFound: (tools) => `検索（${tools.join("、")}）では質問に答える情報が見つかりませんでした。`,
  notInData: ({ kind, name, closest }) =>
    `「${name}」という${KIND_JA[kind]}はデータにありません。${closest.length > 0 ? `近い名前: ${closest.join("、")}。` : ""}`,
  whichOne: ({ name, candidates }) => `「${name}」に当てはまる取引先が複数あります: ${candidates.join("、")}。どれのことですか？`,
  couldNotRead: (kinds) =>
    `${kinds.map((kind) => (kind === "data" ? "データの一部" : `${labelsFor("ja").sourceNames[kind]}データ`)).join("、")}を読み取れなかったため、その情報からは回答できません。`,
  noToolsUsed: "この質問に合うデータ検索がないため、一般的な案内のみです。",
  noFindings: "利用できるデータから回答できたスペシャリストはいませんでした。",
  nextStep: "次のアクション: ",
  requeryNote: (tools) => `モデレーターの指摘を受け、${tools.join("、")}で再確認しました。`,
  debateNote: (peers) => `他のスペシャリストの見解を踏まえて: ${peers.map((p) => `${p.name}: ${p.summary}`).join(" ")}`,
  combined: (others) => others.map((o) => `${o.name}の見解: ${o.summary}`).join(" "),
  failedSpecialists: (failures) =>
    `次のスペシャリストは失敗したため含まれていません: ${failures.map((f) => `${f.name}（${f.error}）`).join("、")}。`,
  actionNotice: (a) =>
    `更新の可否を決め、満了日の${a.noticeDays}日前までに書面で通知してください${a.deadline ? `（期限 ${a.deadline}）` : ""} [${a.referenceId}]。`,
  actionCapExceeded: (a) => `値上げを上限${a.capPct}%以内に収めるよう交渉するか、例外の根拠を文書化してください [${a.referenceId}]。`,
  actionApproval: (a) => `発注・契約の前に、この金額で${a.referenceId}が求める承認を取得してください。`,
  actionQuotes: (a) => `発注の前に、この金額で${a.referenceId}が求める見積を取得してください。`,
  actionSanctions: (a) => `契約・発注の前に手続きを止め、コンプライアンス部門へエスカレーションしてください [${a.referenceId}]。`,
  actionHighRisk: (a) => `契約前に強化デューデリジェンスを実施してください [${a.referenceId}]。`,
  actionReview: (count) => `判断の前に、引用した${count}件の根拠を確認してください。`,
  actionAskExpert: "該当する文書が見つからなかったため、調達部門に確認してください。",
  critiqueThin: (c) => `根拠が不足しています: 根拠の必要度「${c.evidenceNeed}」に対し参照は${c.have}件（${c.need}件が目安）。`,
  critiqueNoEvidence: (names) => `根拠のないスペシャリスト: ${names.join("、")}。`,
  critiqueFailures: (names) => `失敗したスペシャリスト: ${names.join("、")}。`,
  critiqueComplete: "根拠は質問を十分にカバーしています。",
};

/** The action a finding's details line recommends, in either language a finding may be written in; undefined on other lines. */
export function nextStepIn(line: string): string | undefined {
  const marker = [en.nextStep, ja.nextStep].find((m) => line.startsWith(m));
  return marker === undefined ? undefined : line.slice(marker.length).trim();
}

export function phrasesFor(language: Language): Phrases {
  return language === "ja" ? ja : en;
}
