import { z } from "zod";
import { categoryLabel } from "../../../domain/category-terms";
import { supplierNameJa } from "../../../domain";
import type { Phrases } from "../phrases";
import { recognise, type Fact, type FactContext } from "./fact";

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
  const suppliers = recognise(observations, SupplierLike, (s) => s.id).map((entry) => entry.value);
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
          name: nameIn(s, phrases),
          id: s.id,
          riskRating: s.riskRating,
          certifications: s.certifications,
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
