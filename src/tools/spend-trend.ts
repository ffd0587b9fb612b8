import { toSen } from "../domain/amounts";
import type { SpendCell } from "../domain";
import { fiscalMonthIndex, fiscalYearOf, fiscalYearRange } from "../domain/fiscal-year";
import { lookup } from "../domain/errors";
import { toolWordingEn, type ToolWording } from "../domain/strings/tool-wording";
import { formatChange, formatJpy, round1 } from "./format";

interface YearOverYear {
  from: string;
  to: string;
  fromJpy: number;
  toJpy: number;
  changePct: number;
  /** In English, as the data says it; quotes word it from `sameMonths`. */
  basis: string;
  sameMonths: { from: number; to: number } | null;
}

/** A year still running on `today` is compared with the same months of the year before ("Apr–Nov"), not with a full year. */
export function fiscalTrend(cells: readonly SpendCell[], today: string, startMonth: number) {
  const running = fiscalYearOf(today, startMonth);
  const perYear = new Map<string, { totalJpy: number; count: number; byMonth: number[]; lastIndex: number; lastMonth: string }>();
  for (const cell of cells) {
    let year = perYear.get(cell.fiscalYear);
    if (year === undefined)
      perYear.set(
        cell.fiscalYear,
        (year = { totalJpy: 0, count: 0, byMonth: new Array<number>(12).fill(0), lastIndex: -1, lastMonth: "" }),
      );
    year.totalJpy = toSen(year.totalJpy + cell.amountJpy);
    year.count += cell.count;
    if (cell.monthlyJpy) cell.monthlyJpy.forEach((amount, index) => (year.byMonth[index] = toSen(year.byMonth[index] + amount)));
    else {
      const index = fiscalMonthIndex(Number(cell.month.slice(5, 7)), startMonth);
      year.byMonth[index] = toSen(year.byMonth[index] + cell.amountJpy);
    }
    const lastMonth = cell.lastDate.slice(0, 7);
    if (lastMonth > year.lastMonth)
      [year.lastMonth, year.lastIndex] = [lastMonth, fiscalMonthIndex(Number(lastMonth.slice(5, 7)), startMonth)];
  }
  const years = [...perYear.keys()].sort();
  const fiscalYears = years.map((fiscalYear) => {
    const { totalJpy, count } = lookup(perYear, fiscalYear, "fiscal year totals");
    return { fiscalYear, totalJpy, count, complete: fiscalYear < running || fiscalYearRange(fiscalYear, startMonth).to < today };
  });
  const yoy: YearOverYear[] = [];
  for (let i = 1; i < fiscalYears.length; i++) {
    const [before, after] = [fiscalYears[i - 1], fiscalYears[i]];
    if (Number(after.fiscalYear.slice(2)) - Number(before.fiscalYear.slice(2)) !== 1) continue;
    let fromJpy = before.totalJpy;
    let toJpy = after.totalJpy;
    let sameMonths: YearOverYear["sameMonths"] = null;
    if (!after.complete) {
      const { lastIndex, lastMonth } = lookup(perYear, after.fiscalYear, "fiscal year totals");
      const window = (fiscalYear: string) =>
        lookup(perYear, fiscalYear, "fiscal year totals")
          .byMonth.slice(0, lastIndex + 1)
          .reduce((total, value) => total + value, 0);
      fromJpy = window(before.fiscalYear);
      toJpy = window(after.fiscalYear);
      sameMonths = { from: startMonth, to: Number(lastMonth.slice(5, 7)) };
    }
    if (fromJpy > 0)
      yoy.push({
        from: before.fiscalYear,
        to: after.fiscalYear,
        fromJpy,
        toJpy,
        changePct: round1(((toJpy - fromJpy) / fromJpy) * 100),
        basis: basisIn(toolWordingEn, sameMonths),
        sameMonths,
      });
  }
  return { fiscalYears, yoy };
}

function basisIn(words: ToolWording, sameMonths: YearOverYear["sameMonths"]): string {
  return sameMonths ? words.sameMonths(sameMonths.from, sameMonths.to) : words.fullYears;
}

/** A sentence a finding can quote. */
export function yoyText(yoy: YearOverYear, words: ToolWording): string {
  const [fromJpy, toJpy, change] = [formatJpy(yoy.fromJpy), formatJpy(yoy.toJpy), formatChange(yoy.changePct)];
  return words.yoy({ to: yoy.to, from: yoy.from, change, fromJpy, toJpy, basis: basisIn(words, yoy.sameMonths) });
}
