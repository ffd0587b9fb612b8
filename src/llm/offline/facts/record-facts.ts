import { z } from "zod";
import { PriceBenchmarkSchema } from "../../../domain/procurement";
import { categoryLabel } from "../../../domain/category-terms";
import { supplierNameJa, type ToolMessageContent } from "../../../domain";
import { formatJpy, formatMoney } from "../../../tools/format";
import type { Phrases } from "../phrases";
import { addDays } from "../../../tools/iso-date";
import { recognise, type Fact, type FactContext } from "./fact";

const ContractLike = z.object({
  id: z.string(),
  title: z.string(),
  supplierName: z.string(),
  endDate: z.string(),
  autoRenew: z.boolean(),
  noticeDays: z.number(),
  priceCapPct: z.number().nullable(),
});

/** Contracts of named suppliers come first. */
export function contractFacts({ observations, entities, phrases }: FactContext): Fact[] {
  const named = new Set(entities.suppliers.map((s) => s.name));
  const contracts = recognise(observations, ContractLike, (c) => c.id).sort(
    (a, b) => Number(named.has(b.supplierName)) - Number(named.has(a.supplierName)),
  );
  const top = contracts.slice(0, entities.suppliers.length > 1 ? 2 : 1);
  return top.flatMap((contract) => factsFor(contract, { entities, phrases }));
}

function factsFor(contract: z.infer<typeof ContractLike>, { entities, phrases }: Pick<FactContext, "entities" | "phrases">): Fact[] {
  const refs = [contract.id];
  const facts: Fact[] = [{ text: phrases.contractFound(contract), references: refs, direct: false }];
  const requested = entities.percentages[0];
  if (requested !== undefined) {
    const capPct = contract.priceCapPct;
    const asked = { id: contract.id, requestedPct: requested };
    facts.push({
      action: capPct !== null && requested > capPct ? phrases.actionCapExceeded({ capPct, referenceId: contract.id }) : undefined,
      text: capPct === null ? phrases.contractNoCap(asked) : phrases.contractCapCompare({ ...asked, capPct }),
      references: refs,
      direct: true,
    });
  }
  const noticeDeadline = addDays(contract.endDate.slice(0, 10), -contract.noticeDays);
  facts.push({
    action: entities.topics.has("contract")
      ? phrases.actionNotice({ noticeDays: contract.noticeDays, deadline: noticeDeadline, referenceId: contract.id })
      : undefined,
    text: phrases.contractRenewal({ ...contract, noticeDeadline }),
    references: refs,
    direct: entities.topics.has("contract"),
  });
  return facts;
}

const SupplierLike = z.object({
  id: z.string(),
  name: z.string(),
  nameJa: z.string().optional(),
  aliases: z.array(z.string()).optional(),
  category: z.string().optional(),
  categoryNameJa: z.string().optional(),
  riskRating: z.enum(["low", "medium", "high"]),
  sanctionsFlag: z.boolean(),
  certifications: z.array(z.string()),
  preferred: z.boolean().optional(),
  performance: z
    .object({ onTimeDeliveryPct: z.number().nullable(), qualityScore: z.number().nullable(), incidentsLast12m: z.number().nullable() })
    .partial()
    .optional(),
});

/** Named suppliers' sanctions and risk; otherwise the listed candidates, preferred and low-risk first, sanctioned ones left out. */
export function supplierFacts({ observations, entities, phrases }: FactContext): Fact[] {
  const suppliers = recognise(observations, SupplierLike, (s) => s.id);
  const namedIds = new Set(entities.suppliers.map((s) => s.id));
  const named = suppliers.filter((s) => namedIds.has(s.id));
  if (named.length > 0 || (suppliers.length === 1 && entities.suppliers.length === 0)) {
    return (named.length > 0 ? named : suppliers).slice(0, 3).flatMap((s) => [
      {
        text: phrases.supplierSanctions({ name: nameIn(s, phrases), flagged: s.sanctionsFlag }),
        references: [s.id],
        direct: true,
        action: s.sanctionsFlag ? phrases.actionSanctions({ referenceId: s.id }) : undefined,
      },
      {
        text: phrases.supplierProfile({
          ...s,
          name: nameIn(s, phrases),
          onTimePct: s.performance?.onTimeDeliveryPct ?? null,
          qualityScore: s.performance?.qualityScore ?? null,
          incidents: s.performance?.incidentsLast12m ?? null,
        }),
        references: [s.id],
        direct: true,
        action: s.riskRating === "high" && !s.sanctionsFlag ? phrases.actionHighRisk({ referenceId: s.id }) : undefined,
      },
    ]);
  }
  const candidates = suppliers
    .filter((s) => !s.sanctionsFlag)
    .sort((a, b) => Number(b.preferred ?? false) - Number(a.preferred ?? false) || rank(a.riskRating) - rank(b.riskRating))
    .slice(0, 5);
  if (candidates.length === 0) return [];
  const categoryId = entities.categories[0];
  // The data set's own Japanese name for the category, carried by the suppliers the tool listed.
  const nameJa = suppliers.find((s) => s.category === categoryId)?.categoryNameJa;
  const category = categoryId ? categoryLabel(categoryId, phrases.language, nameJa) : "";
  return [
    {
      text: phrases.suppliersListed({ category, names: candidates.map((s) => `${s.name} (${s.id}, ${phrases.risk(s.riskRating)})`) }),
      references: candidates.map((s) => s.id),
      direct: entities.topics.has("alternatives"),
    },
  ];
}

function rank(risk: "low" | "medium" | "high"): number {
  return { low: 0, medium: 1, high: 2 }[risk];
}

/** A supplier as the answer's language names it: a Japanese answer by its Japanese name where the data has one. */
function nameIn(supplier: z.infer<typeof SupplierLike>, phrases: Phrases): string {
  return phrases.language === "ja" ? supplierNameJa(supplier) : supplier.name;
}

const BenchmarkLike = PriceBenchmarkSchema.pick({
  category: true,
  unit: true,
  currency: true,
  p25: true,
  median: true,
  p75: true,
  typicalAnnualIncreasePct: true,
});

/** Facts about market benchmarks: the price range, and a requested increase against the typical one. */
export function benchmarkFacts({ observations, entities, phrases }: FactContext): Fact[] {
  const wanted = new Set([...entities.categories, ...entities.suppliers.map((s) => s.category)]);
  const benchmarks = recognise(observations, BenchmarkLike, (b) => b.category);
  const benchmark = benchmarks.find((b) => wanted.has(b.category)) ?? benchmarks[0];
  if (!benchmark) return [];
  // The evidence reference id as the tool gave it, else the category.
  const reference =
    observations.flatMap((o) => o.evidence).find((e) => e.referenceId.toLowerCase().includes(benchmark.category.toLowerCase()))
      ?.referenceId ?? benchmark.category;
  const money = (value: number) => formatMoney(value, benchmark.currency);
  const facts: Fact[] = [
    {
      text: phrases.benchmark({
        category: categoryLabel(benchmark.category, phrases.language),
        unit: benchmark.unit,
        median: money(benchmark.median),
        p25: money(benchmark.p25),
        p75: money(benchmark.p75),
        typicalIncreasePct: benchmark.typicalAnnualIncreasePct,
      }),
      references: [reference],
      direct: entities.topics.has("price"),
    },
  ];
  const requested = entities.percentages[0];
  if (requested !== undefined)
    facts.push({
      text: phrases.benchmarkCompare({ requestedPct: requested, typicalIncreasePct: benchmark.typicalAnnualIncreasePct }),
      references: [reference],
      direct: true,
    });
  return facts;
}

const GroupSchema = z.object({ key: z.string(), totalJpy: z.number(), count: z.number().optional() });
const FilterText = z.string().nullish();
const SpendResultSchema = z.object({
  filters: z
    .object({
      supplierName: FilterText,
      supplierNameJa: FilterText,
      category: FilterText,
      categoryNameJa: FilterText,
      fiscalYear: FilterText,
      from: FilterText,
      to: FilterText,
      costCenter: FilterText,
    })
    .default({}),
  totalJpy: z.number(),
  count: z.number(),
  groupBy: z.string().optional(),
  groups: z.array(GroupSchema).default([]),
  trend: z
    .object({ yoy: z.array(z.object({ from: z.string(), to: z.string(), changePct: z.number(), basis: z.string().default("") })) })
    .optional(),
});
const TIME_GROUPINGS = new Set(["month", "quarter", "fiscalYear"]);

/** The total, the tool's year-over-year changes, and the largest groups or the latest periods. */
export function spendFacts({ observations, phrases }: FactContext): Fact[] {
  return observations
    .filter((o) => o.ok)
    .flatMap((observation) => {
      const parsed = SpendResultSchema.safeParse(observation.data);
      if (!parsed.success || parsed.data.count === 0) return [];
      const result = parsed.data;
      const ref = (part?: string) => referenceFor(observation, part);
      const facts: Fact[] = [
        {
          text: phrases.spendTotal({ scope: scopeOf(result.filters, phrases), total: formatJpy(result.totalJpy), count: result.count }),
          references: [ref()],
          direct: true,
        },
      ];
      for (const yoy of (result.trend?.yoy ?? []).slice(-2))
        facts.push({
          text: phrases.spendChange({ ...yoy, sameMonths: yoy.basis.startsWith("same months") }),
          references: [ref(`${yoy.from}→${yoy.to}`)],
          direct: true,
        });
      const time = TIME_GROUPINGS.has(result.groupBy ?? "fiscalYear");
      const shown = time ? result.groups.slice(-4) : result.groups.slice(0, 3);
      if (shown.length > 0 && result.groupBy !== "fiscalYear")
        facts.push({
          text: phrases[time ? "spendLatest" : "spendTop"]({ groups: shown.map((g) => `${g.key} ${formatJpy(g.totalJpy)}`) }),
          references: [...new Set(shown.map((g) => ref(g.key)))],
          direct: true,
        });
      return facts;
    });
}

/** The total's when none is specific. */
function referenceFor(observation: ToolMessageContent, part?: string): string {
  const spend = observation.evidence.filter((e) => e.source === "spend");
  return (part ? spend.find((e) => e.referenceId.endsWith(part)) : undefined)?.referenceId ?? spend[0]?.referenceId ?? observation.tool;
}

/** The query's filters in the answer's language: the category by its label, never its id ("logistics" → 「物流」). */
function scopeOf(filters: z.infer<typeof SpendResultSchema>["filters"], phrases: Phrases): string {
  return phrases.spendScope({
    ...filters,
    supplier: (phrases.language === "ja" ? filters.supplierNameJa : undefined) ?? filters.supplierName,
    category: filters.category ? categoryLabel(filters.category, phrases.language, filters.categoryNameJa) : null,
  });
}
