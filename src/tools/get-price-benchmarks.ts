import { z } from "zod";
import { resolveCategory } from "./entities/category-resolver";
import { defineTool, type ToolContext } from "./define-tool";
import { formatMoney } from "./format";

/** getPriceBenchmarks arguments. */
const GetPriceBenchmarksParameters = z.object({
  category: z.string().max(100).nullable().describe("Spend category, e.g. 'saas', 'logistics', '包装'; null = every category"),
});

/** Market price ranges (p25 / median / p75) and the typical yearly increase for a category. */
export function createGetPriceBenchmarksTool({ data }: ToolContext) {
  return defineTool({
    name: "getPriceBenchmarks",
    description:
      "Market price benchmarks for a spend category: unit, 25th percentile, median and 75th percentile price, and the typical annual price increase in percent (useful to judge a supplier's proposed increase).",
    parameters: GetPriceBenchmarksParameters,
    argumentKinds: { category: "categories" },
    relevance: {
      // Benchmarks need a category, named or implied by a known supplier, and a question about prices.
      relevantWhen: [
        ["category", "price"],
        ["category", "percentage"],
        ["supplierKnown", "price"],
        ["supplierKnown", "percentage"],
      ],
    },
    async run({ category }) {
      const all = await data.listBenchmarks();
      const known = all.map((b) => b.category);
      const wanted = category && category.trim() !== "" ? resolveCategory(category, known) : null;
      if (wanted === undefined) {
        return {
          data: { category, benchmarks: [], message: `No benchmark for "${category}".`, suggestions: known },
          evidence: [],
          digest: `no benchmark for "${category}"`,
        };
      }
      const benchmarks = wanted === null ? all : all.filter((b) => b.category === wanted);
      return {
        data: { category: wanted, benchmarks },
        evidence: benchmarks.map((b) => ({
          source: "benchmark",
          referenceId: `BENCHMARK ${b.category}`,
          quote: `${b.category}: median ${formatMoney(b.median, b.currency)} ${b.unit} (p25 ${formatMoney(b.p25, b.currency)}, p75 ${formatMoney(b.p75, b.currency)}); typical annual increase ${b.typicalAnnualIncreasePct}% (${b.source}, as of ${b.asOf})`,
        })),
        digest: benchmarks
          .map((b) => `${b.category} median ${formatMoney(b.median, b.currency)} ${b.unit}, +${b.typicalAnnualIncreasePct}%/yr`)
          .slice(0, 4)
          .join("; "),
      };
    },
  });
}
