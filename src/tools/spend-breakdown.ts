import { z } from "zod";
import type { SpendCell } from "../domain";
import { fiscalMonthIndex, fiscalQuarterOf, fiscalYearOf, fiscalYearRange } from "../domain/fiscal-year";
import { lookup } from "../domain/errors";
import { toolWordingEn, type ToolWording } from "../domain/strings/tool-wording";
import { formatChange, formatJpy, round1 } from "./format";
import { rollUp } from "./spend-cube";

const MAX_GROUPS = 10;
const MAX_TIME_GROUPS = 36;

/** Dimensions spend can be grouped by. */
export const SpendGroupBySchema = z.enum(["supplier", "category", "month", "quarter", "fiscalYear", "costCenter"]);
export type SpendGroupBy = z.infer<typeof SpendGroupBySchema>;
const TIME_GROUPS: ReadonlySet<SpendGroupBy> = new Set(["month", "quarter", "fiscalYear"]);

/** Totals per group: time groups in order (most recent kept when many), others largest first. */
export function group(cells: readonly SpendCell[], groupBy: SpendGroupBy, totalJpy: number, fiscalYearStartMonth: number) {
  const keyOf = (cell: SpendCell) =>
    groupBy === "supplier"
      ? cell.supplierName
      : groupBy === "quarter"
        ? fiscalQuarterOf(`${cell.month}-01`, fiscalYearStartMonth)
        : cell[groupBy];
  const totals = rollUp(cells, keyOf, fiscalYearStartMonth);
  const all = [...totals].map(([key, { amountJpy, count }]) => ({
    key,
    totalJpy: amountJpy,
    count,
    sharePct: round1((amountJpy / totalJpy) * 100),
  }));
  if (TIME_GROUPS.has(groupBy)) {
    const ordered = all.sort((a, b) => a.key.localeCompare(b.key));
    return { shown: ordered.slice(-MAX_TIME_GROUPS), others: null };
  }
  const ordered = all.sort((a, b) => b.totalJpy - a.totalJpy);
  const rest = ordered.slice(MAX_GROUPS);
  return {
    shown: ordered.slice(0, MAX_GROUPS),
    others:
      rest.length === 0
        ? null
        : { groups: rest.length, totalJpy: rest.reduce((s, g) => s + g.totalJpy, 0), count: rest.reduce((s, g) => s + g.count, 0) },
  };
}

/** The months a running year is compared on (from its first month to its last with spend); null compares full years. */
type SameMonths = { from: number; to: number } | null;
type YearOverYear = ReturnType<typeof fiscalTrend>["yoy"][number];

/** A year still running on `today` is compared with the same months of the year before ("Apr–Nov"), not with a full year. */
export function fiscalTrend(cells: readonly SpendCell[], today: string, startMonth: number) {
  const running = fiscalYearOf(today, startMonth);
  const perYear = rollUp(
    cells,
    (cell) => cell.fiscalYear,
    startMonth,
    (cell) => ({ ...cell, monthlyJpy: new Array<number>(12).fill(0) }),
  );
  const year = (fiscalYear: string) => lookup(perYear, fiscalYear, "fiscal year totals");
  const fiscalYears = [...perYear.keys()].sort().map((fiscalYear) => {
    const { amountJpy: totalJpy, count } = year(fiscalYear);
    return { fiscalYear, totalJpy, count, complete: fiscalYear < running || fiscalYearRange(fiscalYear, startMonth).to < today };
  });
  const yoy = fiscalYears.slice(1).flatMap((after, i) => {
    const before = fiscalYears[i];
    if (Number(after.fiscalYear.slice(2)) - Number(before.fiscalYear.slice(2)) !== 1) return [];
    const lastMonth = Number(year(after.fiscalYear).lastDate.slice(5, 7));
    const sameMonths: SameMonths = after.complete ? null : { from: startMonth, to: lastMonth };
    const compared = ({ fiscalYear, totalJpy }: (typeof fiscalYears)[number]) =>
      sameMonths === null
        ? totalJpy
        : (year(fiscalYear).monthlyJpy ?? [])
            .slice(0, fiscalMonthIndex(lastMonth, startMonth) + 1)
            .reduce((total, value) => total + value, 0);
    const [fromJpy, toJpy] = [compared(before), compared(after)];
    if (fromJpy <= 0) return [];
    return [
      {
        from: before.fiscalYear,
        to: after.fiscalYear,
        fromJpy,
        toJpy,
        changePct: round1(((toJpy - fromJpy) / fromJpy) * 100),
        // In English, as the data says it; quotes word it from `sameMonths`.
        basis: basisIn(toolWordingEn, sameMonths),
        sameMonths,
      },
    ];
  });
  return { fiscalYears, yoy };
}

function basisIn(words: ToolWording, sameMonths: SameMonths): string {
  return sameMonths ? words.sameMonths(sameMonths.from, sameMonths.to) : words.fullYears;
}

/** A sentence a finding can quote. */
export function yoyText(yoy: YearOverYear, words: ToolWording): string {
  const [fromJpy, toJpy, change] = [formatJpy(yoy.fromJpy), formatJpy(yoy.toJpy), formatChange(yoy.changePct)];
  return words.yoy({ to: yoy.to, from: yoy.from, change, fromJpy, toJpy, basis: basisIn(words, yoy.sameMonths) });
}
