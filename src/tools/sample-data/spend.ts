import { toJpy } from "../../domain/amounts";
import type { SpendTransaction } from "../../domain";
import { fiscalYearOf } from "../../domain/fiscal-year";
import { lookup } from "../../domain/errors";
import type { loadCatalogue } from ".";
import { Prng } from "./prng";

/** Spend starts with FY2024. */
const FIRST_MONTH = { year: 2024, month: 4 };
/** The last day with spend transactions. */
const LAST_DATE = "2026-11-20";
const SEED = 20261123;
/** Fiscal year-end (March) and December buying peaks; August holidays are quiet. */
const SEASONALITY: Record<number, number> = { 3: 1.3, 8: 0.85, 12: 1.12 };

/** Ids and PO numbers in date order (PO numbers count per fiscal year); the same seed, so the same spend, on every call. */
export function buildSpend({ suppliers, categories: profiles, contracts }: ReturnType<typeof loadCatalogue>): SpendTransaction[] {
  const categories = new Map(profiles.map((category) => [category.id, category]));
  const rng = new Prng(SEED);
  const drafts: Omit<SpendTransaction, "id" | "poNumber">[] = [];
  for (const supplier of suppliers) {
    const category = lookup(categories, supplier.category, "category profile");
    const own = contracts.filter((contract) => contract.supplierId === supplier.id && contract.status !== "draft");
    const until = supplier.spendUntil !== undefined && supplier.spendUntil < LAST_DATE ? supplier.spendUntil : LAST_DATE;
    for (const { year, month } of months(until)) {
      const fiscalIndex = (month >= 4 ? year : year - 1) - FIRST_MONTH.year;
      const monthlyJpy = (supplier.annualSpendJpy / 12) * (1 + supplier.growthPct / 100) ** fiscalIndex * (SEASONALITY[month] ?? 1);
      const count = Math.max(1, Math.round(category.transactionsPerMonth * rng.between(0.7, 1.3)));
      const lastDay =
        year === Number(until.slice(0, 4)) && month === Number(until.slice(5, 7)) ? Number(until.slice(8, 10)) : daysIn(year, month);
      for (let i = 0; i < count; i++) {
        const date = `${year}-${pad(month)}-${pad(rng.int(1, lastDay))}`;
        const amountJpyTarget = (monthlyJpy / count) * rng.lognormal(0.35);
        const amount =
          supplier.currency === "JPY"
            ? Math.round(amountJpyTarget)
            : Math.round((amountJpyTarget / toJpy(1, supplier.currency)) * 100) / 100;
        const contract = own.find((candidate) => candidate.startDate <= date && date <= candidate.endDate);
        drafts.push({
          date,
          fiscalYear: fiscalYearOf(date),
          supplierId: supplier.id,
          supplierName: supplier.name,
          category: supplier.category,
          costCenter: rng.chance(0.6) ? category.costCenters[0] : rng.pick(category.costCenters),
          amount,
          currency: supplier.currency,
          amountJpy: toJpy(amount, supplier.currency),
          contractId: contract?.id ?? null,
        });
      }
    }
  }
  // A stable sort: one day's transactions keep the order they were drawn in.
  drafts.sort((a, b) => a.date.localeCompare(b.date));
  const poCounters = new Map<string, number>();
  return drafts.map((draft, index) => {
    const po = (poCounters.get(draft.fiscalYear) ?? 0) + 1;
    poCounters.set(draft.fiscalYear, po);
    return {
      id: `TXN-${String(index + 1).padStart(6, "0")}`,
      ...draft,
      poNumber: `PO-${draft.fiscalYear.slice(2)}-${String(po).padStart(6, "0")}`,
    };
  });
}

function* months(until: string): Generator<{ year: number; month: number }> {
  let { year, month } = FIRST_MONTH;
  while (`${year}-${pad(month)}` <= until.slice(0, 7)) {
    yield { year, month };
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
  }
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}
