import { z } from "zod";
import { supplierNameJa, type Supplier } from "../domain";
import { defineTool, unresolvedSupplier, type ToolContext } from "./define-tool";
import { fiscalYearOf } from "../domain/fiscal-year";
import type { SpendView } from "./procurement-data";
import type { QuotedSupplier } from "../domain/strings/tool-wording";
import { NO_FIGURE, figureOrDash, formatJpy } from "./format";
import { resolveSupplierArgument } from "./entities/supplier-resolver";
import { quotedContract } from "./search-contracts";

const MAX_CONTRACTS = 5;
/** The profile's spend figures are one supplier's yearly totals. */
const TOTALS: SpendView = { grain: "fiscalYear", keep: ["supplier"] };

/** Spend is the last complete fiscal year's and the current one's to date. */
export function createGetSupplierProfileTool({ data, today }: ToolContext) {
  return defineTool({
    name: "getSupplierProfile",
    description:
      "Look up one supplier by name, alias (including Japanese names such as 'アクメ' or '取引先A社') or id. Returns risk rating, sanctions flag, certifications, delivery and quality performance, preferred status, contracts and spend in the last and current fiscal year.",
    parameters: z.object({
      name: z.string().min(1).max(200).describe("Supplier name, alias or id, e.g. 'Acme', 'アクメ', '取引先A社', 'SUP-033'"),
    }),
    argumentKinds: { name: "suppliers" },
    relevance: { relevantWhen: [["supplierNamed"]] },
    async run({ name }, words) {
      const resolved = resolveSupplierArgument(await data.listSuppliers(), name);
      if (!resolved.supplier) return unresolvedSupplier({ name, supplier: null }, resolved);
      const { supplier, resolution } = resolved;
      const subject = { id: supplier.id, name: supplier.name, nameJa: supplierNameJa(supplier) };
      const quoted = quotedSupplier(supplier);
      const currentFy = fiscalYearOf(today(), (await data.describe()).fiscalYearStartMonth);
      const lastFy = `FY${Number(currentFy.slice(2)) - 1}`;
      const contracts = await data.listContracts({ supplierId: supplier.id });
      const live = contracts.filter((c) => c.status === "active" || c.status === "expiring");
      const [last, current] = await Promise.all([
        data.spendCells({ supplierId: supplier.id, fiscalYear: lastFy }, TOTALS),
        data.spendCells({ supplierId: supplier.id, fiscalYear: currentFy }, TOTALS),
      ]);
      const spend = {
        lastFiscalYear: lastFy,
        lastFiscalYearJpy: last.reduce((sum, cell) => sum + cell.amountJpy, 0),
        lastFiscalYearTransactions: last.reduce((sum, cell) => sum + cell.count, 0),
        currentFiscalYear: currentFy,
        currentFiscalYearToDateJpy: current.reduce((sum, cell) => sum + cell.amountJpy, 0),
      };
      return {
        data: {
          ...supplier,
          aliases: supplier.aliases.slice(0, 6),
          contracts: {
            count: contracts.length,
            live: live.length,
            list: contracts
              .slice(0, MAX_CONTRACTS)
              .map((c) => ({ id: c.id, title: c.title, status: c.status, endDate: c.endDate, priceCapPct: c.priceCapPct })),
          },
          spend,
        },
        evidence: [
          ...(supplier.sanctionsFlag
            ? [{ source: "supplier", referenceId: supplier.id, subject, quote: words.sanctionsFlag(supplier.name) }]
            : []),
          { source: "supplier", referenceId: supplier.id, subject, quote: words.supplierProfile(quoted) },
          {
            source: "spend",
            referenceId: `SPEND ${supplier.id} ${lastFy}`,
            subject,
            quote: words.profileSpend(
              lastFy,
              formatJpy(spend.lastFiscalYearJpy),
              spend.lastFiscalYearTransactions,
              currentFy,
              formatJpy(spend.currentFiscalYearToDateJpy),
            ),
          },
          ...live.slice(0, 2).map((c) => ({
            source: "contract",
            referenceId: c.id,
            quote: words.contractBrief(quotedContract(c)),
          })),
        ],
        resolution,
        digest: words.profileDigest(supplier.id, quoted, contracts.length, live.length, lastFy, formatJpy(spend.lastFiscalYearJpy)),
      };
    },
  });
}

/** A missing figure as a dash. */
export function quotedSupplier(s: Supplier): QuotedSupplier {
  const { onTimeDeliveryPct, qualityScore, incidentsLast12m } = s.performance;
  return {
    ...s,
    onTime: figureOrDash(onTimeDeliveryPct, "%"),
    quality: figureOrDash(qualityScore),
    incidents: incidentsLast12m,
    since: s.since.slice(0, 4) || NO_FIGURE,
  };
}
