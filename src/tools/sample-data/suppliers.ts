import type { Currency } from "../../domain/amounts";
import type { Supplier } from "../../domain";
import type { CategoryProfile, SupplierEntry } from "./catalogue";
import type { Prng } from "./prng";

/** How much a supplier bills, in which currency, and how that changes from year to year. */
export interface SpendProfile {
  supplierId: string;
  currency: Currency;
  /** Yearly spend in FY2024, JPY. */
  annualSpendJpy: number;
  /** Change per fiscal year, percent. */
  growthPct: number;
  /** No spend after this date (ISO), e.g. once sanctions screening flagged the supplier. */
  spendUntil?: string;
}

const CURRENCY_BY_REGION: Record<string, Currency> = { JP: "JPY", US: "USD", EU: "EUR", APAC: "USD" };

export function buildSuppliers(
  entries: SupplierEntry[],
  categories: Map<string, CategoryProfile>,
  rng: Prng,
): { suppliers: Supplier[]; profiles: Map<string, SpendProfile> } {
  const suppliers: Supplier[] = [];
  const profiles = new Map<string, SpendProfile>();
  for (const entry of entries) {
    const category = categories.get(entry.category);
    if (!category) throw new Error(`${entry.id}: unknown category ${entry.category}`);
    const riskRating = entry.riskRating ?? rng.pick(["low", "low", "low", "medium", "medium", "high"] as const);
    const riskPenalty = { low: 0, medium: 3, high: 8 }[riskRating];
    suppliers.push({
      id: entry.id,
      name: entry.name,
      aliases: entry.aliases,
      category: entry.category,
      categoryNameJa: category.nameJa,
      region: entry.region,
      riskRating,
      certifications: entry.certifications ?? rng.sample(category.certifications, rng.int(1, 3)),
      performance: {
        onTimeDeliveryPct: round1(rng.between(93, 99.6) - riskPenalty),
        qualityScore: round1(rng.between(80, 97) - riskPenalty * 1.5),
        incidentsLast12m: rng.int(0, 2) + (riskRating === "high" ? rng.int(2, 5) : 0),
      },
      sanctionsFlag: entry.sanctionsFlag ?? false,
      preferred: entry.preferred ?? false,
      since: `${rng.int(2006, 2022)}-${pad(rng.int(1, 12))}-01`,
    });
    const [low, high] = category.annualSpendJpy;
    profiles.set(entry.id, {
      supplierId: entry.id,
      currency: CURRENCY_BY_REGION[entry.region] ?? "JPY",
      annualSpendJpy: entry.annualSpendJpy ?? Math.round(rng.between(low, high)),
      growthPct: entry.growthPct ?? round1(rng.between(-12, 22)),
      spendUntil: entry.spendUntil,
    });
  }
  return { suppliers, profiles };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

export function pad(value: number): string {
  return String(value).padStart(2, "0");
}
