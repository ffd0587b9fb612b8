import { z } from "zod";
import { formatJpy } from "../phrases";
import { fiscalYearOf } from "../question-entities";
import { dataObjects, type Fact, type FactContext } from "./fact";

const TotalLike = z.object({ totalJpy: z.number() }).passthrough();
const GroupLike = z.object({ key: z.string(), totalJpy: z.number() }).passthrough();

/**
 * Facts from spend results: the total for the question's scope, the year-over-year change between
 * the last two complete fiscal years (a running year is not compared), and the largest groups.
 */
export function spendFacts({ observations, entities, phrases, today }: FactContext): Fact[] {
  const spend = observations.filter((o) => o.ok && o.evidence.some((e) => /spend|支出/i.test(e.source)));
  if (spend.length === 0) return [];
  const objects = dataObjects(spend).map((o) => o.value);
  const total = objects.map((o) => TotalLike.safeParse(o)).find((p) => p.success && !GroupLike.safeParse(p.data).success);
  const groups = objects.flatMap((o) => {
    const parsed = GroupLike.safeParse(o);
    return parsed.success ? [parsed.data] : [];
  });
  const references = spend.flatMap((o) => o.evidence.filter((e) => /spend|支出/i.test(e.source)).map((e) => e.referenceId)).slice(0, 3);
  const scope = [...entities.suppliers.map((s) => s.name), ...entities.categories, ...entities.fiscalYears].join(" / ") || "—";
  const facts: Fact[] = [];
  if (total?.success) {
    const count = typeof total.data.count === "number" ? total.data.count : typeof total.data.transactions === "number" ? total.data.transactions : null;
    facts.push({ text: phrases.spendTotal({ scope, total: formatJpy(total.data.totalJpy), count }), references, direct: true });
  }
  const years = groups.filter((g) => /^FY\d{4}$/.test(g.key) && g.key < fiscalYearOf(today)).sort((a, b) => a.key.localeCompare(b.key));
  if (years.length >= 2) {
    const [before, after] = years.slice(-2);
    if (before.totalJpy > 0)
      facts.push({ text: phrases.spendChange({ from: before.key, to: after.key, changePct: ((after.totalJpy - before.totalJpy) / before.totalJpy) * 100 }), references, direct: true });
  }
  const top = groups.filter((g) => !/^FY\d{4}/.test(g.key)).sort((a, b) => b.totalJpy - a.totalJpy).slice(0, 3);
  if (top.length > 0) facts.push({ text: phrases.spendTop({ groups: top.map((g) => `${g.key} ${formatJpy(g.totalJpy)}`) }), references, direct: entities.groupBy !== null });
  return facts;
}
