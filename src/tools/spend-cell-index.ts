import { toSen } from "../domain/amounts";
import type { SpendCell } from "../domain";
import { lookup } from "../domain/errors";
import { fiscalMonthIndex } from "../domain/fiscal-year";
import { once, type Lazy } from "./lazy";
import { SPEND_DIMENSIONS, type SpendDimension, type SpendFilter, type SpendGrain, type SpendView } from "./procurement-data";
import { cellMatches, LARGEST_PER_CELL, largestLines } from "./spend-cube";

/**
 * Spend cells indexed by supplier, category, cost center and fiscal year, cut to the dimensions a question keeps: "spend by month in one
 * category" reads one cell per month, not every supplier's. Each view is rolled up once, on first use; its size never grows with rows.
 */
export class SpendCellIndex {
  private readonly base: Record<SpendGrain, Lazy<readonly SpendCell[]>>;
  private readonly views = new Map<string, Lazy<IndexedCells>>();

  /** `years`: the roll-ups when stored with the data set; without them they are computed from the month cells. */
  constructor(
    months: Lazy<readonly SpendCell[]>,
    years: Lazy<readonly SpendCell[] | undefined> | undefined,
    private readonly fiscalYearStartMonth: number,
  ) {
    const monthCells = once(months);
    this.base = {
      month: monthCells,
      fiscalYear: once(async () => (await years?.()) ?? rollUpByFiscalYear(await monthCells(), fiscalYearStartMonth)),
    };
  }

  async select(filter: SpendFilter, view: SpendView = { grain: "month", keep: SPEND_DIMENSIONS }): Promise<SpendCell[]> {
    const keep = new Set(view.keep);
    if (filter.supplierId !== undefined) keep.add("supplier");
    if (filter.category !== undefined) keep.add("category");
    if (filter.costCenter !== undefined) keep.add("costCenter");
    const key = `${view.grain}:${[...keep].sort().join(",")}`;
    let cells = this.views.get(key);
    if (cells === undefined) {
      const base = this.base[view.grain];
      this.views.set(
        key,
        (cells = once(
          async () =>
            new IndexedCells(
              keep.size === SPEND_DIMENSIONS.length ? await base() : keepOnly(await base(), keep, this.fiscalYearStartMonth),
            ),
        )),
      );
    }
    return (await cells()).select(filter);
  }

  // From the fiscal-year roll-ups: the same values, fewer cells.
  async dimensions(): Promise<{ categories: string[]; costCenters: string[] }> {
    const cells = await this.base.fiscalYear();
    return {
      categories: [...new Set(cells.map((cell) => cell.category))].sort(),
      costCenters: [...new Set(cells.map((cell) => cell.costCenter))].sort(),
    };
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

  /** From the smallest candidate list the filter's indexed fields give. */
  select(filter: SpendFilter): SpendCell[] {
    let candidates: readonly SpendCell[] = this.cells;
    for (const field of INDEXED) {
      const value = filter[field];
      if (value === undefined) continue;
      const list = lookup(this.indexes, field, "cell index").get(value) ?? [];
      if (list.length < candidates.length) candidates = list;
    }
    return candidates.filter((cell) => cellMatches(filter, cell));
  }
}

/** Month cells summed per fiscal year (supplier × category × cost center × currency kept apart). */
export function rollUpByFiscalYear(cells: readonly SpendCell[], fiscalYearStartMonth: number): SpendCell[] {
  return merge(
    cells,
    (cell) => `${cell.fiscalYear}\u0000${cell.supplierId}\u0000${cell.category}\u0000${cell.costCenter}\u0000${cell.currency}`,
    (cell) => ({ ...cell, monthlyJpy: new Array<number>(12).fill(0) }),
    fiscalYearStartMonth,
  );
}

function keepOnly(cells: readonly SpendCell[], keep: ReadonlySet<SpendDimension>, fiscalYearStartMonth: number): SpendCell[] {
  const supplier = keep.has("supplier");
  const category = keep.has("category");
  const costCenter = keep.has("costCenter");
  return merge(
    cells,
    (cell) =>
      `${cell.month}\u0000${cell.fiscalYear}\u0000${supplier ? cell.supplierId : ""}\u0000${category ? cell.category : ""}\u0000${costCenter ? cell.costCenter : ""}\u0000${cell.currency}`,
    (cell) => ({
      ...cell,
      supplierId: supplier ? cell.supplierId : "",
      supplierName: supplier ? cell.supplierName : "",
      category: category ? cell.category : "",
      costCenter: costCenter ? cell.costCenter : "",
      ...(cell.monthlyJpy ? { monthlyJpy: new Array<number>(12).fill(0) } : {}),
    }),
    fiscalYearStartMonth,
  );
}

/** `start` makes a key's empty total from its first cell. */
function merge(
  cells: readonly SpendCell[],
  keyOf: (cell: SpendCell) => string,
  start: (cell: SpendCell) => SpendCell,
  fiscalYearStartMonth: number,
): SpendCell[] {
  const totals = new Map<string, SpendCell>();
  for (const cell of cells) {
    const key = keyOf(cell);
    let total = totals.get(key);
    if (total === undefined)
      totals.set(key, (total = { ...start(cell), amount: 0, amountJpy: 0, count: 0, offContractJpy: 0, largest: [] }));
    // Kept to the sen at every step: sums of binary fractions drift, and a roll-up must equal its months.
    total.amount = toSen(total.amount + cell.amount);
    total.amountJpy = toSen(total.amountJpy + cell.amountJpy);
    total.count += cell.count;
    total.offContractJpy = toSen(total.offContractJpy + cell.offContractJpy);
    if (total.monthlyJpy) {
      const monthly = total.monthlyJpy;
      const add = (index: number, amount: number) => (monthly[index] = toSen(monthly[index] + amount));
      if (cell.monthlyJpy) for (let i = 0; i < 12; i++) add(i, cell.monthlyJpy[i]);
      else add(fiscalMonthIndex(Number(cell.month.slice(5, 7)), fiscalYearStartMonth), cell.amountJpy);
    }
    if (cell.month < total.month) total.month = cell.month;
    if (cell.firstDate < total.firstDate) total.firstDate = cell.firstDate;
    if (cell.lastDate > total.lastDate) total.lastDate = cell.lastDate;
    total.largest = largestLines([total, cell], LARGEST_PER_CELL);
  }
  return [...totals.values()];
}
