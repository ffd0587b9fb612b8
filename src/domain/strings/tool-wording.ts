import { categoryLabel } from "../category-terms";
import type { ClauseKind, Contract, Supplier } from "../procurement";

/** What a spend figure covers, part by part (a category with the Japanese name its data set gives it). */
export type SpendScopePart =
  | { supplier: string }
  | { category: string; nameJa?: string }
  | { fiscalYear: string }
  | { from?: string; to?: string }
  | { costCenter: string };

/** A supplier as the tools quote it, its performance written for people (the profile adds what `line` leaves out). */
export type QuotedSupplier = Omit<Supplier, "performance"> & { onTime: string; quality: string; incidents: number | null };

/** A contract as the tools quote it (status, dates, renewal and cap as data). */
export type QuotedContract = Omit<Contract, "annualValue"> & { annualValue: string; autoRenews: boolean; noticeDeadline: string };

function scopeWords(parts: readonly SpendScopePart[], words: typeof SCOPE_JA): string[] {
  return parts.map((p) =>
    "supplier" in p
      ? p.supplier
      : "category" in p
        ? words.category(p.category, p.nameJa)
        : "fiscalYear" in p
          ? words.fiscalYear(p.fiscalYear)
          : "costCenter" in p
            ? words.costCenter(p.costCenter)
            : words.range(p.from ?? "…", p.to ?? "…"),
  );
}

/** How each kind of spend scope part is named in English (a supplier by its name); SCOPE_JA below in Japanese. */
const SCOPE_EN = {
  category: (id: string) => id,
  fiscalYear: (fy: string) => fy,
  costCenter: (id: string) => `cost center ${id}`,
  range: (from: string, to: string) => `${from} to ${to}`,
};
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const plural = (count: number, noun: string) => `${count.toLocaleString("en-US")} ${count === 1 ? noun : `${noun}s`}`;
const capEn = (pct: number | null) => (pct === null ? "none" : `${pct}%`);
const clauseEn = (kind: ClauseKind) => kind.replace("_", " ");

/** The data tools' wording in quotes and digests; figures, names, ids and quoted document text come in as data. */
export const toolWordingEn = {
  spendScope: (parts: readonly SpendScopePart[]) => scopeWords(parts, SCOPE_EN).join(", ") || "all spend",
  spendTotal: (total: string, count: number, scope: string) => `${total} in ${plural(count, "transaction")} (${scope})`,
  // A group holding all of the spend repeats the total: its share says nothing ("(…, 100%)").
  spendGroup: (key: string, total: string, count: number, share: number | null) =>
    `${key}: ${total} (${plural(count, "transaction")}${share === null ? "" : `, ${share}%`})`,
  largest: (date: string, supplier: string, amount: string, po: string) => `largest: ${date} ${supplier} ${amount} (${po})`,
  yoy: (y: { to: string; from: string; change: string; fromJpy: string; toJpy: string; basis: string }) =>
    `${y.to} vs ${y.from}: ${y.change} (${y.fromJpy} → ${y.toJpy}, ${y.basis})`,
  fullYears: "full fiscal years",
  sameMonths: (from: number, to: number) => `same months (${MONTHS[from - 1]}–${MONTHS[to - 1]}) of both years`,
  spendDigest: (
    scope: string,
    total: string,
    count: number,
    years: readonly { fiscalYear: string; complete: boolean; total: string }[],
    changes: readonly { to: string; from: string; change: string }[],
  ) =>
    `${scope}: ${total} in ${plural(count, "transaction")}; ${years
      .map((y) => `${y.fiscalYear}${y.complete ? "" : " to date"} ${y.total}`)
      .join(", ")}${changes.map((c) => `; ${c.to} vs ${c.from} ${c.change}`).join("")}`,
  noSpend: (scope: string) => `no spend matches ${scope}`,
  sanctionsFlag: (supplier: string) =>
    `SANCTIONS FLAG: ${supplier} is flagged by sanctions screening — no new orders or payments (POL-SUPPLIER-RISK §2)`,
  supplierProfile: (s: QuotedSupplier) =>
    `${s.name} (${s.category}, ${s.region}${s.preferred ? ", preferred" : ""}): ${s.riskRating} risk, sanctions ${s.sanctionsFlag ? "flagged" : "clear"}; ${
      s.certifications.length > 0 ? s.certifications.join(", ") : "no certifications on file"
    }; on-time ${s.onTime}, quality ${s.quality}, ${s.incidents === null ? "incidents —" : plural(s.incidents, "incident")} in 12 months; supplier since ${s.since}`,
  supplierLine: (s: QuotedSupplier) => {
    const flags = [s.preferred ? "preferred" : null, s.sanctionsFlag ? "SANCTIONS FLAG" : null].filter(Boolean).join(", ");
    return `${s.name} (${s.region}${flags ? `, ${flags}` : ""}): ${s.riskRating} risk, on-time ${s.onTime}, quality ${s.quality}`;
  },
  profileSpend: (lastFy: string, total: string, count: number, currentFy: string, toDate: string) =>
    `${lastFy} spend ${total} in ${plural(count, "transaction")}; ${currentFy} to date ${toDate}`,
  contractBrief: (c: QuotedContract) => `${c.title} (${c.status}, ends ${c.endDate}, cap ${capEn(c.priceCapPct)})`,
  profileDigest: (id: string, s: QuotedSupplier, contracts: number, live: number, lastFy: string, total: string) =>
    `${id} ${s.name}: ${s.riskRating} risk, sanctions ${s.sanctionsFlag ? "FLAGGED" : "clear"}, ${plural(contracts, "contract")} (${live} live), ${lastFy} ${total}`,
  suppliersDigest: (count: number, scope: string, shown: readonly { id: string; name: string; sanctionsFlag: boolean }[]) =>
    `${plural(count, "supplier")} (${scope}): ${shown.map((s) => `${s.id} ${s.name}${s.sanctionsFlag ? " [SANCTIONS]" : ""}`).join(", ")}`,
  supplierScope: (category: { id: string; nameJa?: string } | null, region: string | null) =>
    [category?.id, region].filter(Boolean).join(", ") || "all suppliers",
  noSupplier: (scope: string) => `no supplier in ${scope}`,
  contractTerms: (c: QuotedContract) => {
    const renewal = c.autoRenews
      ? `auto-renews unless notice ${c.noticeDays} days before end (by ${c.noticeDeadline})`
      : `no auto-renewal; renewal talks ${c.noticeDays} days before end (by ${c.noticeDeadline})`;
    const cap = c.priceCapPct === null ? "no cap on price adjustments" : `price increase cap ${c.priceCapPct}% per year`;
    return `${c.title} — ${c.supplierName}, ${c.status}, ${c.annualValue}/year, ${c.startDate} to ${c.endDate}, ${renewal}, ${cap}`;
  },
  clause: (kind: ClauseKind, text: string) => `${clauseEn(kind)} clause: ${text}`,
  contractsDigest: (total: number, estimate: boolean, contracts: readonly QuotedContract[]) =>
    `${estimate ? "about " : ""}${total} contract${total === 1 ? "" : "s"}: ${contracts
      .map((c) => `${c.id} ${c.supplierName} (${c.status}, ends ${c.endDate}, cap ${capEn(c.priceCapPct)})`)
      .join("; ")}`,
  noContract: (query: string, supplier: string | null) => `no contract matches "${query}"${supplier ? ` for ${supplier}` : ""}`,
  policiesDigest: (total: number, estimate: boolean, sections: readonly { referenceId: string; heading: string }[]) =>
    `${estimate ? "about " : ""}${total} policy sections; top: ${sections.map((s) => `${s.referenceId} (${s.heading})`).join(", ")}`,
  noPolicy: (query: string) => `no policy section matches "${query}"`,
  benchmark: (b: Record<"category" | "median" | "unit" | "p25" | "p75" | "source" | "asOf", string> & { increasePct: number }) =>
    `${b.category}: median ${b.median} ${b.unit} (p25 ${b.p25}, p75 ${b.p75}); typical annual increase ${b.increasePct}% (${b.source}, as of ${b.asOf})`,
  benchmarksDigest: (list: readonly { category: string; median: string; unit: string; increasePct: number }[]) =>
    list.map((b) => `${b.category} median ${b.median} ${b.unit}, +${b.increasePct}%/yr`).join("; "),
  noBenchmark: (category: string) => `no benchmark for "${category}"`,
};

const STATUS_JA: Readonly<Record<Contract["status"], string>> = {
  active: "有効",
  expiring: "満了間近",
  expired: "期限切れ",
  draft: "草案",
};
const RISK_JA: Readonly<Record<Supplier["riskRating"], string>> = { low: "低", medium: "中", high: "高" };
const CLAUSE_JA: Readonly<Record<ClauseKind, string>> = {
  term: "契約期間",
  price_adjustment: "価格調整",
  renewal: "更新",
  termination: "解約",
  liability: "責任",
  payment: "支払",
  other: "その他",
};
const fyJa = (fy: string) => fy.replace(/^FY(\d{4})$/, "$1年度");
const capJa = (pct: number | null) => (pct === null ? "値上げ上限なし" : `値上げ上限${pct}%`);
const categoryJa = (id: string, nameJa?: string) => categoryLabel(id, "ja", nameJa);
const SCOPE_JA = {
  category: categoryJa,
  fiscalYear: fyJa,
  costCenter: (id: string) => `コストセンター${id}`,
  range: (from: string, to: string) => `${from}〜${to}`,
};

export type ToolWording = typeof toolWordingEn;

export const toolWordingJa: ToolWording = {
  spendScope: (parts) => scopeWords(parts, SCOPE_JA).join("、") || "全支出",
  spendTotal: (total, count, scope) => `${total}（${count.toLocaleString("en-US")}件）（${scope}）`,
  spendGroup: (key, total, count, share) =>
    `${fyJa(key)}: ${total}（${count.toLocaleString("en-US")}件${share === null ? "" : `、${share}%`}）`,
  largest: (date, supplier, amount, po) => `最大の取引: ${date} ${supplier} ${amount}（${po}）`,
  yoy: (y) => `${fyJa(y.to)}（対${fyJa(y.from)}）: ${y.change}（${y.fromJpy} → ${y.toJpy}、${y.basis}）`,
  fullYears: "通期比較",
  sameMonths: (from, to) => `両年度の同期間（${from}月〜${to}月）`,
  spendDigest: (scope, total, count, years, changes) =>
    `${scope}: ${total}（${count.toLocaleString("en-US")}件）。${years
      .map((y) => `${fyJa(y.fiscalYear)}${y.complete ? "" : "（途中）"} ${y.total}`)
      .join("、")}${changes.map((c) => `。${fyJa(c.to)}（対${fyJa(c.from)}）${c.change}`).join("")}`,
  noSpend: (scope) => `${scope}に該当する支出はありません`,
  sanctionsFlag: (supplier) => `制裁フラグ: ${supplier}は制裁スクリーニングで該当 — 新規の発注・支払はできません（POL-SUPPLIER-RISK §2）`,
  supplierProfile: (s) =>
    `${s.name}（${categoryJa(s.category, s.categoryNameJa)}、${s.region}${s.preferred ? "、推奨取引先" : ""}）: リスク${RISK_JA[s.riskRating]}、制裁${
      s.sanctionsFlag ? "該当あり" : "該当なし"
    }。${s.certifications.length > 0 ? s.certifications.join("、") : "認証の登録なし"}。納期遵守率${s.onTime}、品質スコア${s.quality}、過去12か月のインシデント${
      s.incidents === null ? "—" : `${s.incidents}件`
    }。${s.since === "—" ? "取引開始年—" : `${s.since}年から取引`}`,
  supplierLine: (s) =>
    `${s.name}（${[s.region, s.preferred ? "推奨取引先" : null, s.sanctionsFlag ? "制裁該当あり" : null].filter(Boolean).join("、")}）: リスク${
      RISK_JA[s.riskRating]
    }、納期遵守率${s.onTime}、品質スコア${s.quality}`,
  profileSpend: (lastFy, total, count, currentFy, toDate) =>
    `${fyJa(lastFy)}の支出 ${total}（${count.toLocaleString("en-US")}件）、${fyJa(currentFy)}の累計 ${toDate}`,
  contractBrief: (c) => `${c.title}（${STATUS_JA[c.status]}、${c.endDate}終了、${capJa(c.priceCapPct)}）`,
  profileDigest: (id, s, contracts, live, lastFy, total) =>
    `${id} ${s.name}: リスク${RISK_JA[s.riskRating]}、制裁${s.sanctionsFlag ? "該当あり" : "該当なし"}、契約${contracts}件（うち有効${live}件）、${fyJa(lastFy)} ${total}`,
  suppliersDigest: (count, scope, shown) =>
    `取引先${count}社（${scope}）: ${shown.map((s) => `${s.id} ${s.name}${s.sanctionsFlag ? "［制裁該当］" : ""}`).join("、")}`,
  supplierScope: (category, region) =>
    [category && categoryJa(category.id, category.nameJa), region].filter(Boolean).join("、") || "全取引先",
  noSupplier: (scope) => `${scope}に該当する取引先はありません`,
  contractTerms: (c) => {
    const renewal = c.autoRenews
      ? `終了${c.noticeDays}日前（${c.noticeDeadline}）までに通知しない限り自動更新`
      : `自動更新なし、終了${c.noticeDays}日前（${c.noticeDeadline}）までに更新交渉`;
    const cap = c.priceCapPct === null ? "価格改定の上限なし" : `値上げ上限 年${c.priceCapPct}%`;
    return `${c.title} — ${c.supplierName}、${STATUS_JA[c.status]}、${c.annualValue}/年、${c.startDate}〜${c.endDate}、${renewal}、${cap}`;
  },
  clause: (kind, text) => `${CLAUSE_JA[kind]}条項: ${text}`,
  contractsDigest: (total, estimate, contracts) =>
    `契約${estimate ? "約" : ""}${total}件: ${contracts.map((c) => `${c.id} ${c.supplierName}（${STATUS_JA[c.status]}、${c.endDate}終了、${capJa(c.priceCapPct)}）`).join("、")}`,
  noContract: (query, supplier) => `「${query}」${supplier ? `（${supplier}）` : ""}に該当する契約はありません`,
  policiesDigest: (total, estimate, sections) =>
    `規程${estimate ? "約" : ""}${total}件。上位: ${sections.map((s) => `${s.referenceId}（${s.heading}）`).join("、")}`,
  noPolicy: (query) => `「${query}」に該当する規程はありません`,
  benchmark: (b) =>
    `${categoryJa(b.category)}: 中央値 ${b.median} ${b.unit}（p25 ${b.p25}、p75 ${b.p75}）、標準的な年間値上げ率 ${b.increasePct}%（${b.source}、${b.asOf}時点）`,
  benchmarksDigest: (list) => list.map((b) => `${categoryJa(b.category)} 中央値 ${b.median} ${b.unit}、年+${b.increasePct}%`).join("、"),
  noBenchmark: (category) => `「${category}」のベンチマークはありません`,
};
