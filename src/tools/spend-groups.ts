import { toSen } from "../domain/amounts";
import { z } from "zod";
import type { SpendCell } from "../domain";
import { fiscalQuarterOf } from "../domain/fiscal-year";
import { round1 } from "./format";

const MAX_GROUPS = 10;
const MAX_TIME_GROUPS = 36;

/** Dimensions spend can be grouped by. */
export const SpendGroupBySchema = z.enum(["supplier", "category", "month", "quarter", "fiscalYear", "costCenter"]);
export type SpendGroupBy = z.infer<typeof SpendGroupBySchema>;
const TIME_GROUPS: ReadonlySet<SpendGroupBy> = new Set(["month", "quarter", "fiscalYear"]);

function keyOf(cell: SpendCell, groupBy: SpendGroupBy, fiscalYearStartMonth: number): string {
  switch (groupBy) {
    case "supplier":
      return cell.supplierName;
    case "category":
      return cell.category;
    case "costCenter":
      return cell.costCenter;
    case "month":
      return cell.month;
    case "quarter":
      return fiscalQuarterOf(`${cell.month}-01`, fiscalYearStartMonth);
    case "fiscalYear":
      return cell.fiscalYear;
  }
}

/** Totals per group: time groups in order (most recent kept when many), others largest first. */
export function group(cells: readonly SpendCell[], groupBy: SpendGroupBy, totalJpy: number, fiscalYearStartMonth: number) {
  const totals = new Map<string, { totalJpy: number; count: number }>();
  for (const cell of cells) {
    const key = keyOf(cell, groupBy, fiscalYearStartMonth);
    const entry = totals.get(key) ?? { totalJpy: 0, count: 0 };
    entry.totalJpy = toSen(entry.totalJpy + cell.amountJpy);
    entry.count += cell.count;
    totals.set(key, entry);
  }
  const all = [...totals].map(([key, entry]) => ({ key, ...entry, sharePct: round1((entry.totalJpy / totalJpy) * 100) }));
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
