import { z } from "zod";
import type { PriceBenchmark } from "../domain";
import { resolveCategory } from "./entities/category-resolver";
import { defineTool, nothingFound, type ToolContext } from "./define-tool";
import { formatMoney } from "./format";

export function createGetPriceBenchmarksTool({ data }: ToolContext) {
  return defineTool({
    name: "getPriceBenchmarks",
    description:
      "Market price benchmarks for a spend category: unit, 25th percentile, median and 75th percentile price, and the typical annual price increase in percent (useful to judge a supplier's proposed increase).",
    parameters: z.object({
      category: z.string().max(100).nullable().describe("Spend category, e.g. 'saas', 'logistics', '包装'; null = every category"),
    }),
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
    async run({ category }, words) {
      const all = await data.listBenchmarks();
      const known = all.map((b) => b.category);
      const wanted = category && category.trim() !== "" ? resolveCategory(category, known) : null;
      if (wanted === undefined) {
        return nothingFound(
          { category, benchmarks: [], message: `No benchmark for "${category}".`, suggestions: known },
          words.noBenchmark(category ?? ""),
        );
      }
      const benchmarks = wanted === null ? all : all.filter((b) => b.category === wanted);
      return {
        data: { category: wanted, benchmarks },
        evidence: benchmarks.map((b) => ({
          source: "benchmark",
          referenceId: `BENCHMARK ${b.category}`,
          quote: words.benchmark(quoted(b)),
        })),
        digest: words.benchmarksDigest(benchmarks.slice(0, 4).map(quoted)),
      };
    },
  });
}

function quoted(b: PriceBenchmark) {
  const money = (value: number) => formatMoney(value, b.currency);
  return { ...b, median: money(b.median), p25: money(b.p25), p75: money(b.p75), increasePct: b.typicalAnnualIncreasePct };
}
