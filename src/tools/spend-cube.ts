import { toSen } from "../domain/amounts";
import type { SpendCell, SpendLine, SpendTransaction } from "../domain";
import { fiscalMonthIndex } from "../domain/fiscal-year";
import type { SpendFilter } from "./procurement-data";

/** Each cell keeps this many of its largest transactions: enough for any filter's top three. */
const LARGEST_PER_CELL = 3;

/** Monthly cells (supplier × category × cost center × currency), one row at a time: a million rows stream through in bounded memory. */
export function spendCube() {
  /**
   * Cells by supplier, then by month, category, cost center and currency in one key. Nested on the supplier because a joined key per row (a
   * fresh long string to flatten and hash) was the single largest cost of an import; the inner key is short.
   */
  const bySupplier = new Map<string, Map<string, SpendCell>>();
  let rows = 0;
  return {
    add(t: SpendTransaction): void {
      const month = t.date.slice(0, 7);
      let cells = bySupplier.get(t.supplierId);
      if (cells === undefined) bySupplier.set(t.supplierId, (cells = new Map<string, SpendCell>()));
      const key = `${month}\u0000${t.category}\u0000${t.costCenter}\u0000${t.currency}`;
      let cell = cells.get(key);
      if (cell === undefined) {
        const { fiscalYear, supplierId, supplierName, category, costCenter, currency, date } = t;
        const empty = { amount: 0, amountJpy: 0, count: 0, offContractJpy: 0, firstDate: date, lastDate: date, largest: [] };
        cells.set(key, (cell = { month, fiscalYear, supplierId, supplierName, category, costCenter, currency, ...empty }));
      }
      cell.amount += t.amount;
      cell.amountJpy += t.amountJpy;
      cell.count += 1;
      if (t.contractId === null) cell.offContractJpy += t.amountJpy;
      if (t.date < cell.firstDate) cell.firstDate = t.date;
      if (t.date > cell.lastDate) cell.lastDate = t.date;
      // Copied only when it enters the largest: a million rows stream through here.
      if (cell.largest.length < LARGEST_PER_CELL || t.amountJpy > cell.largest[LARGEST_PER_CELL - 1].amountJpy) {
        const { id, date, supplierName, amount, currency, amountJpy, poNumber, contractId } = t;
        insertLargest(cell.largest, { id, date, supplierName, amount, currency, amountJpy, poNumber, contractId });
      }
      rows += 1;
    },
    rowCount: () => rows,
    /** By month then supplier; amounts rounded to cents (sums of floats drift). */
    build(): SpendCell[] {
      return [...bySupplier.values()]
        .flatMap((cells) => [...cells.values()])
        .map((cell) => ({
          ...cell,
          amount: toSen(cell.amount),
          amountJpy: toSen(cell.amountJpy),
          offContractJpy: toSen(cell.offContractJpy),
        }))
        .sort(
          (a, b) =>
            a.month.localeCompare(b.month) ||
            a.supplierId.localeCompare(b.supplierId) ||
            a.category.localeCompare(b.category) ||
            a.costCenter.localeCompare(b.costCenter) ||
            a.currency.localeCompare(b.currency),
        );
    },
  };
}

export function buildSpendCells(transactions: Iterable<SpendTransaction>): SpendCell[] {
  const builder = spendCube();
  for (const t of transactions) builder.add(t);
  return builder.build();
}

/** Dates are resolved to whole months: a cell counts when its month overlaps the range. */
export function cellMatches(filter: SpendFilter, cell: SpendCell): boolean {
  return (
    (filter.supplierId === undefined || cell.supplierId === filter.supplierId) &&
    (filter.category === undefined || cell.category === filter.category) &&
    (filter.costCenter === undefined || cell.costCenter === filter.costCenter) &&
    (filter.fiscalYear === undefined || cell.fiscalYear === filter.fiscalYear) &&
    (filter.from === undefined || cell.month >= filter.from.slice(0, 7)) &&
    (filter.to === undefined || cell.month <= filter.to.slice(0, 7))
  );
}

/** Largest first, ties by id; at most LARGEST_PER_CELL lines. */
function insertLargest(list: SpendLine[], line: SpendLine): void {
  let at = list.length;
  while (at > 0 && (list[at - 1].amountJpy < line.amountJpy || (list[at - 1].amountJpy === line.amountJpy && list[at - 1].id > line.id)))
    at--;
  if (at >= LARGEST_PER_CELL) return;
  list.splice(at, 0, line);
  if (list.length > LARGEST_PER_CELL) list.pop();
}

/**
 * Cells summed per key; `start` makes a key's empty total from its first cell, and a `monthlyJpy` it gives is filled month by month (by
 * default a total has none: a sum and a count need no monthly figures).
 */
export function rollUp(
  cells: readonly SpendCell[],
  keyOf: (cell: SpendCell) => string,
  fiscalYearStartMonth: number,
  start: (cell: SpendCell) => SpendCell = (cell) => ({ ...cell, monthlyJpy: undefined }),
): Map<string, SpendCell> {
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
    const largest: SpendLine[] = [];
    for (const line of [...total.largest, ...cell.largest]) insertLargest(largest, line);
    total.largest = largest;
  }
  return totals;
}
