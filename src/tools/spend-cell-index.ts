import type { SpendCell } from "../domain";
import type { ProcurementSnapshot } from "./in-memory-procurement-data";
import { once, type Lazy } from "./lazy";
import { SPEND_DIMENSIONS, type SpendDimension, type SpendFilter, type SpendView } from "./procurement-data";
import { cellMatches, rollUp } from "./spend-cube";

/**
 * Spend cells indexed by supplier, category, cost center and fiscal year, cut to the dimensions a question keeps: "spend by month in one
 * category" reads one cell per month, not every supplier's. Each view is rolled up once, on first use; its size never grows with rows.
 */
export function spendCellIndex({ spendCells, spendYears, summary }: Pick<ProcurementSnapshot, "spendCells" | "spendYears" | "summary">) {
  const { fiscalYearStartMonth } = summary;
  const monthCells = once(spendCells);
  const base: Record<SpendView["grain"], Lazy<readonly SpendCell[]>> = {
    month: monthCells,
    // The roll-ups when stored with the data set; without them they are computed from the month cells.
    fiscalYear: once(async () => (await spendYears?.()) ?? rollUpByFiscalYear(await monthCells(), fiscalYearStartMonth)),
  };
  const views = new Map<string, Lazy<(filter: SpendFilter) => SpendCell[]>>();
  return {
    async select(filter: SpendFilter, view: SpendView = { grain: "month", keep: SPEND_DIMENSIONS }): Promise<SpendCell[]> {
      const keep = new Set(view.keep);
      if (filter.supplierId !== undefined) keep.add("supplier");
      if (filter.category !== undefined) keep.add("category");
      if (filter.costCenter !== undefined) keep.add("costCenter");
      const key = `${view.grain}:${[...keep].sort().join(",")}`;
      let cells = views.get(key);
      if (cells === undefined) {
        const cut = base[view.grain];
        cells = once(async () =>
          indexCells(keep.size === SPEND_DIMENSIONS.length ? await cut() : keepOnly(await cut(), keep, fiscalYearStartMonth)),
        );
        views.set(key, cells);
      }
      return (await cells())(filter);
    },

    // From the fiscal-year roll-ups: the same values, fewer cells.
    async dimensions(): Promise<{ categories: string[]; costCenters: string[] }> {
      const cells = await base.fiscalYear();
      return {
        categories: [...new Set(cells.map((cell) => cell.category))].sort(),
        costCenters: [...new Set(cells.map((cell) => cell.costCenter))].sort(),
      };
    },
  };
}

const INDEXED = ["supplierId", "category", "costCenter", "fiscalYear"] as const;

/** Cells listed by each indexed field's value: a filter reads the smallest list its fields give. */
function indexCells(cells: readonly SpendCell[]): (filter: SpendFilter) => SpendCell[] {
  const indexes = INDEXED.map((field) => ({ field, index: groupBy(cells, (cell) => cell[field]) }));
  return (filter) => {
    let candidates = cells;
    for (const { field, index } of indexes) {
      const value = filter[field];
      if (value === undefined) continue;
      const list = index.get(value) ?? [];
      if (list.length < candidates.length) candidates = list;
    }
    return candidates.filter((cell) => cellMatches(filter, cell));
  };
}

export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list === undefined) groups.set(key(item), [item]);
    else list.push(item);
  }
  return groups;
}

/** Month cells summed per fiscal year (supplier × category × cost center × currency kept apart). */
export function rollUpByFiscalYear(cells: readonly SpendCell[], fiscalYearStartMonth: number): SpendCell[] {
  return keepOnly(cells, new Set(SPEND_DIMENSIONS), fiscalYearStartMonth, true);
}

/** Cells summed over the dimensions not kept (left as empty strings), per month or (`perYear`) per fiscal year with monthly totals. */
function keepOnly(cells: readonly SpendCell[], keep: ReadonlySet<SpendDimension>, fiscalYearStartMonth: number, perYear = false) {
  const kept = (dimension: SpendDimension, value: string) => (keep.has(dimension) ? value : "");
  const totals = rollUp(
    cells,
    (cell) =>
      `${perYear ? "" : cell.month}\u0000${cell.fiscalYear}\u0000${kept("supplier", cell.supplierId)}\u0000` +
      `${kept("category", cell.category)}\u0000${kept("costCenter", cell.costCenter)}\u0000${cell.currency}`,
    fiscalYearStartMonth,
    (cell) => ({
      ...cell,
      supplierId: kept("supplier", cell.supplierId),
      supplierName: kept("supplier", cell.supplierName),
      category: kept("category", cell.category),
      costCenter: kept("costCenter", cell.costCenter),
      ...(perYear || cell.monthlyJpy ? { monthlyJpy: new Array<number>(12).fill(0) } : {}),
    }),
  );
  return [...totals.values()];
}
