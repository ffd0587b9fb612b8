import { PriceBenchmarkSchema } from "../../../domain/procurement";
import { formatMoney } from "../../../tools/format";
import { categoryLabel } from "../../../domain/category-terms";
import { recognise, type Fact, type FactContext } from "./fact";

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
  const benchmarks = recognise(observations, BenchmarkLike, (b) => b.category).map((entry) => entry.value);
  const benchmark = benchmarks.find((b) => wanted.has(b.category)) ?? benchmarks[0];
  if (!benchmark) return [];
  const reference = referenceFor(observations, benchmark.category);
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

/** The benchmark's evidence reference id as the tool gave it (falls back to the category). */
function referenceFor(observations: FactContext["observations"], category: string): string {
  const items = observations.flatMap((o) => o.evidence);
  return items.find((e) => e.referenceId.toLowerCase().includes(category.toLowerCase()))?.referenceId ?? category;
}
