import type { SpendCell } from "../domain";
import { fiscalMonthIndex } from "./fiscal-year";
import { once, type Lazy } from "./in-memory-procurement-data";
import type { SpendFilter, SpendGrain } from "./procurement-data";
import { cellMatches, LARGEST_PER_CELL, largestLines } from "./spend-cube";

/**
 * The spend cells of a data set held in memory, at month grain and rolled up per fiscal year, each
 * indexed by supplier, category, cost center and fiscal year: a filtered question reads only the
 * cells under its most selective filter, and a question without month detail reads the roll-ups,
 * whose number depends on the suppliers and years, not on the number of transactions.
 */
export class SpendCellIndex {
  private readonly byGrain: Record<SpendGrain, Lazy<IndexedCells>>;

  /** `years`: the roll-ups when stored with the data set; without them they are computed from the month cells. */
  constructor(months: Lazy<readonly SpendCell[]>, years: Lazy<readonly SpendCell[] | undefined> | undefined, fiscalYearStartMonth: number) {
    this.byGrain = {
      month: once(async () => new IndexedCells(await months())),
      fiscalYear: once(async () => new IndexedCells((await years?.()) ?? rollUpByFiscalYear(await months(), fiscalYearStartMonth))),
    };
  }

  async select(filter: SpendFilter, grain: SpendGrain = "month"): Promise<SpendCell[]> {
    return (await this.byGrain[grain]()).select(filter);
  }

  /** The categories and cost centers that have spend (from the roll-ups: the same values, fewer cells). */
  async dimensions(): Promise<{ categories: string[]; costCenters: string[] }> {
    return (await this.byGrain.fiscalYear()).dimensions();
  }
}

const INDEXED = ["supplierId", "category", "costCenter", "fiscalYear"] as const;

class IndexedCells {
  private readonly indexes = new Map<(typeof INDEXED)[number], Map<string, SpendCell[]>>();

  constructor(private readonly cells: readonly SpendCell[]) {
    for (const field of INDEXED) {
      const index = new Map<string, SpendCell[]>();
      for (const cell of cells) {
        const list = index.get(cell[field]);
        if (list === undefined) index.set(cell[field], [cell]);
        else list.push(cell);
      }
      this.indexes.set(field, index);
    }
  }

  dimensions(): { categories: string[]; costCenters: string[] } {
    return { categories: [...this.indexes.get("category")!.keys()].sort(), costCenters: [...this.indexes.get("costCenter")!.keys()].sort() };
  }

  /** The cells under the filter, from the smallest candidate list its indexed fields give. */
  select(filter: SpendFilter): SpendCell[] {
    let candidates: readonly SpendCell[] = this.cells;
    for (const field of INDEXED) {
      const value = filter[field];
      if (value === undefined) continue;
      const list = this.indexes.get(field)!.get(value) ?? [];
      if (list.length < candidates.length) candidates = list;
    }
    return candidates.filter((cell) => cellMatches(filter, cell));
  }
}

/** Month cells summed per fiscal year (supplier × category × cost center × currency kept apart). */
export function rollUpByFiscalYear(cells: readonly SpendCell[], fiscalYearStartMonth: number): SpendCell[] {
  const years = new Map<string, SpendCell & { monthlyJpy: number[] }>();
  for (const cell of cells) {
    const key = `${cell.fiscalYear}\u0000${cell.supplierId}\u0000${cell.category}\u0000${cell.costCenter}\u0000${cell.currency}`;
    let year = years.get(key);
    if (year === undefined) years.set(key, (year = { ...cell, amount: 0, amountJpy: 0, count: 0, offContractJpy: 0, largest: [], monthlyJpy: new Array<number>(12).fill(0) }));
    year.amount += cell.amount;
    year.amountJpy += cell.amountJpy;
    year.count += cell.count;
    year.offContractJpy += cell.offContractJpy;
    year.monthlyJpy[fiscalMonthIndex(Number(cell.month.slice(5, 7)), fiscalYearStartMonth)]! += cell.amountJpy;
    if (cell.month < year.month) year.month = cell.month;
    if (cell.firstDate < year.firstDate) year.firstDate = cell.firstDate;
    if (cell.lastDate > year.lastDate) year.lastDate = cell.lastDate;
    year.largest = largestLines([year, cell], LARGEST_PER_CELL);
  }
  return [...years.values()];
}
