import { z } from "zod";
import { supplierNameJa } from "../domain";
import { categoryNamesJa } from "../domain/category-terms";
import { resolveCategory } from "./entities/category-resolver";
import { defineTool, nothingFound, type ToolContext } from "./define-tool";
import { toolWordingEn } from "../domain/strings/tool-wording";
import { quotedSupplier } from "./get-supplier-profile";
import { normalize } from "./text/words";

const MAX_SUPPLIERS = 15;
const MAX_EVIDENCE = 8;
const RISK_ORDER = { low: 0, medium: 1, high: 2 } as const;

/** Region codes and the words people use for them. */
const REGIONS: Record<string, string[]> = {
  JP: ["jp", "japan", "japanese", "日本", "国内"],
  US: ["us", "usa", "united states", "america", "north america", "米国", "アメリカ", "北米"],
  EU: ["eu", "europe", "european", "emea", "欧州", "ヨーロッパ"],
  APAC: ["apac", "asia", "asia pacific", "アジア", "アジア太平洋", "海外アジア"],
};

/** Preferred and low-risk first; sanctioned ones flagged. */
export function createListSuppliersTool({ data }: ToolContext) {
  return defineTool({
    name: "listSuppliers",
    description:
      "List suppliers, optionally for a spend category and/or region, with risk rating, sanctions flag, preferred status, certifications and performance. Preferred, low-risk suppliers come first.",
    parameters: z.object({
      category: z.string().max(100).nullable().describe("Spend category, e.g. 'saas', 'logistics', 'packaging', '物流'; null = all"),
      region: z.string().max(50).nullable().describe("Region: 'JP', 'US', 'EU' or 'APAC' (or 'Japan', '欧州', …); null = all"),
    }),
    argumentKinds: { category: "categories" },
    relevance: {
      // A category (named, or a known supplier's) with no supplier in mind, or a search for alternatives.
      relevantWhen: [
        ["category", "noSupplierKnown"],
        ["category", "alternatives"],
        ["supplierKnown", "alternatives"],
      ],
    },
    async run({ category, region }, words) {
      const all = await data.listSuppliers();
      const categories = [...new Set(all.map((s) => s.category))].sort();
      const namesJa = categoryNamesJa(all);
      const wantedCategory = category && category.trim() !== "" ? resolveCategory(category, categories, namesJa) : null;
      if (wantedCategory === undefined) {
        return nothingFound(
          { category, region, suppliers: [], message: `No spend category matches "${category}".`, suggestions: categories },
          `no spend category matches "${category}"`,
        );
      }
      const wantedRegion = region && region.trim() !== "" ? resolveRegion(region) : null;
      if (wantedRegion === undefined) {
        return nothingFound(
          { category, region, suppliers: [], message: `Unknown region "${region}".`, suggestions: Object.keys(REGIONS) },
          `unknown region "${region}"`,
        );
      }
      const matching = all
        .filter((s) => (wantedCategory === null || s.category === wantedCategory) && (wantedRegion === null || s.region === wantedRegion))
        .sort(
          (a, b) =>
            Number(b.preferred) - Number(a.preferred) ||
            Number(a.sanctionsFlag) - Number(b.sanctionsFlag) ||
            RISK_ORDER[a.riskRating] - RISK_ORDER[b.riskRating] ||
            a.name.localeCompare(b.name),
        );
      const nameJa = wantedCategory === null ? undefined : namesJa.get(wantedCategory);
      const categoryScope = wantedCategory === null ? null : { id: wantedCategory, ...(nameJa ? { nameJa } : {}) };
      const [scope, wordedScope] = [
        toolWordingEn.supplierScope(categoryScope, wantedRegion),
        words.supplierScope(categoryScope, wantedRegion),
      ];
      if (matching.length === 0) {
        return nothingFound(
          { category: wantedCategory, region: wantedRegion, count: 0, suppliers: [], message: `No supplier in ${scope}.` },
          words.noSupplier(wordedScope),
        );
      }
      const shown = matching.slice(0, MAX_SUPPLIERS);
      return {
        data: {
          category: wantedCategory,
          region: wantedRegion,
          count: matching.length,
          suppliers: shown.map(
            ({ id, name, category: c, categoryNameJa, region: r, riskRating, sanctionsFlag, preferred, certifications, performance }) => ({
              id,
              name,
              category: c,
              ...(categoryNameJa ? { categoryNameJa } : {}),
              region: r,
              riskRating,
              sanctionsFlag,
              preferred,
              certifications,
              performance,
            }),
          ),
        },
        evidence: shown.slice(0, MAX_EVIDENCE).map((s) => ({
          source: "supplier",
          referenceId: s.id,
          subject: { id: s.id, name: s.name, nameJa: supplierNameJa(s) },
          quote: words.supplierLine(quotedSupplier(s)),
        })),
        digest: words.suppliersDigest(matching.length, wordedScope, shown.slice(0, 5)),
      };
    },
  });
}

function resolveRegion(text: string): string | undefined {
  const wanted = normalize(text).trim();
  return Object.entries(REGIONS).find(([, words]) => words.includes(wanted))?.[0];
}
