import { z } from "zod";
import { formatJpy } from "../../../tools/format";
import type { ToolObservation } from "../tool-observations";
import type { Phrases } from "../phrases";
import { categoryLabel } from "../../../domain/category-terms";
import type { Fact, FactContext } from "./fact";

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
          text: phrases.spendChange({
            from: yoy.from,
            to: yoy.to,
            changePct: yoy.changePct,
            sameMonths: yoy.basis.startsWith("same months"),
          }),
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
function referenceFor(observation: ToolObservation, part?: string): string {
  const spend = observation.evidence.filter((e) => e.source === "spend");
  return (part ? spend.find((e) => e.referenceId.endsWith(part)) : undefined)?.referenceId ?? spend[0]?.referenceId ?? observation.name;
}

/** The query's filters in the answer's language: the category by its label, never its id ("logistics" → 「物流」). */
function scopeOf(filters: z.infer<typeof SpendResultSchema>["filters"], phrases: Phrases): string {
  return phrases.spendScope({
    ...filters,
    supplier: (phrases.language === "ja" ? filters.supplierNameJa : undefined) ?? filters.supplierName,
    category: filters.category ? categoryLabel(filters.category, phrases.language, filters.categoryNameJa) : null,
  });
}
