import { toJpy, type Currency } from "../../domain/amounts";
import type { Contract, Supplier } from "../../domain";
import { lookup } from "../../domain/errors";
import { addDays, daysBetween } from "../iso-date";
import type { CategoryProfile, ContractTemplates, PinnedContract, PriceVariant } from "./catalogue";
import type { Prng } from "./prng";
import type { SpendProfile } from "./suppliers";

/** Contracts ending within this many days of the as-of date are `expiring`. */
const EXPIRING_WITHIN_DAYS = 120;

const PRICE_VARIANTS_BY_CATEGORY: Record<string, PriceVariant[]> = {
  saas: ["cap", "cap", "index", "fixed"],
  cloud: ["cap", "index"],
  telecom: ["cap", "index", "fixed"],
  consulting: ["fixed", "cap"],
  legal: ["fixed", "cap"],
  marketing: ["fixed", "cap"],
  "raw-materials": ["market", "index"],
  packaging: ["market", "index"],
  "electronic-components": ["market", "index", "cap"],
  logistics: ["index", "market", "cap"],
};

type ContractTerms = Omit<PinnedContract, "title" | "supplierId"> & { title: string };

/**
 * Every supplier's contracts: a pinned one where contracts.yaml fixes it, otherwise drawn terms; a second contract where its category has a
 * second contract type. Sanctioned suppliers' contracts ended when their spend stopped.
 */
export function buildContracts(
  suppliers: Supplier[],
  profiles: Map<string, SpendProfile>,
  categories: Map<string, CategoryProfile>,
  templates: ContractTemplates,
  asOf: string,
  rng: Prng,
): Contract[] {
  const pinned = new Map(templates.pinned.map((contract) => [contract.supplierId, contract]));
  let next = templates.pinned.length + 1;
  const contracts: Contract[] = [];
  for (const supplier of suppliers) {
    const category = lookup(categories, supplier.category, "category profile");
    const profile = lookup(profiles, supplier.id, "spend profile");
    category.contractTitles.forEach((title, index) => {
      const fixed = index === 0 ? pinned.get(supplier.id) : undefined;
      const terms = fixed ? { ...fixed } : drawTerms(`CTR-${String(next++).padStart(4, "0")}`, title, index, profile, supplier, asOf, rng);
      if (profile.spendUntil !== undefined) endAt(terms, profile.spendUntil);
      contracts.push(writeContract(supplier, category, templates, terms, asOf, rng));
    });
  }
  return contracts.sort((a, b) => a.id.localeCompare(b.id));
}

/** The supplier was flagged: the contract ends on `date` and does not renew. */
function endAt(terms: ContractTerms, date: string): void {
  terms.endDate = date;
  terms.autoRenew = false;
  if (terms.startDate > addDays(date, -365)) terms.startDate = addDays(date, -730);
}

function drawTerms(
  id: string,
  title: string,
  index: number,
  profile: SpendProfile,
  supplier: Supplier,
  asOf: string,
  rng: Prng,
): ContractTerms {
  const termYears = rng.int(1, 4);
  const startDate = rng.chance(0.05) ? addDays(asOf, rng.int(10, 90)) : addDays(asOf, -rng.int(30, termYears * 365 + 250));
  const endDate = addDays(startDate, Math.round(termYears * 365.25) - 1);
  const priceVariant = rng.pick(PRICE_VARIANTS_BY_CATEGORY[supplier.category] ?? ["cap", "index", "fixed"]);
  const share = index === 0 ? rng.between(0.6, 0.9) : rng.between(0.1, 0.3);
  return {
    id,
    title,
    annualValue: roundValue((profile.annualSpendJpy * share) / toJpy(1, profile.currency), profile.currency),
    currency: profile.currency,
    startDate,
    endDate,
    autoRenew: rng.chance(["saas", "cloud", "telecom", "facilities"].includes(supplier.category) ? 0.8 : 0.45),
    noticeDays: rng.pick([30, 60, 90, 90, 120]),
    priceVariant,
    priceCapPct: { cap: rng.pick([3, 4, 5, 5, 6]), index: rng.pick([2.5, 3, 4]), fixed: 0, market: null }[priceVariant],
  };
}

function writeContract(
  supplier: Supplier,
  category: CategoryProfile,
  templates: ContractTemplates,
  terms: ContractTerms,
  asOf: string,
  rng: Prng,
): Contract {
  const termYears = Math.max(1, Math.round(daysBetween(terms.startDate, terms.endDate) / 365.25)); // the initial term
  const values: Record<string, string> = {
    startDate: terms.startDate,
    endDate: terms.endDate,
    termYears: termYears === 1 ? "one (1) year" : `${termYears} years`,
    noticeDays: String(terms.noticeDays),
    capPct: String(terms.priceCapPct ?? 0),
    priceIndex: category.priceIndex,
    billing: category.billing,
    currency: terms.currency,
    paymentDays: String(rng.pick([30, 45, 60])),
    terminationDays: String(rng.pick([30, 60, 90])),
    liabilityMonths: String(rng.pick([12, 12, 24])),
    liabilityMultiple: String(rng.pick([1, 1.5, 2])),
    annualValueText: `${terms.currency} ${terms.annualValue.toLocaleString("en-US")}`,
    commitText: `${terms.currency} ${roundValue(terms.annualValue * 0.8, terms.currency).toLocaleString("en-US")}`,
    uptime: String(rng.pick([99.5, 99.9, 99.95])),
  };
  const fill = (variantsOf: string[]) => rng.pick(variantsOf).replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
  const { clauses } = templates;
  const other = templates.other[supplier.category];
  return {
    id: terms.id,
    supplierId: supplier.id,
    supplierName: supplier.name,
    title: terms.title,
    category: supplier.category,
    annualValue: terms.annualValue,
    currency: terms.currency,
    startDate: terms.startDate,
    endDate: currentTermEnd(terms, asOf),
    autoRenew: terms.autoRenew,
    noticeDays: terms.noticeDays,
    priceCapPct: terms.priceCapPct,
    status: statusOf(terms, asOf),
    clauses: [
      { kind: "term", text: fill(clauses.term) },
      { kind: "renewal", text: fill(terms.autoRenew ? clauses.renewal_auto : clauses.renewal_manual) },
      { kind: "price_adjustment", text: fill(clauses[`price_${terms.priceVariant}`]) },
      { kind: "termination", text: fill(rng.chance(0.5) ? clauses.termination_convenience : clauses.termination_cause) },
      { kind: "liability", text: fill(clauses.liability) },
      { kind: "payment", text: fill(clauses.payment) },
      ...(other === undefined ? [] : [{ kind: "other" as const, text: fill([other]) }]),
    ],
  };
}

function statusOf(terms: ContractTerms, asOf: string): Contract["status"] {
  const endDate = currentTermEnd(terms, asOf);
  if (terms.startDate > asOf) return "draft";
  if (endDate < asOf) return "expired";
  return daysBetween(asOf, endDate) <= EXPIRING_WITHIN_DAYS ? "expiring" : "active";
}

/** An auto-renewing contract past its initial term has renewed year by year; others end as written. */
function currentTermEnd(terms: ContractTerms, asOf: string): string {
  let endDate = terms.endDate;
  while (terms.autoRenew && endDate < asOf) endDate = addDays(endDate, 365);
  return endDate;
}

function roundValue(value: number, currency: Currency): number {
  const step = currency === "JPY" ? 100_000 : 1_000;
  return Math.max(step, Math.round(value / step) * step);
}
