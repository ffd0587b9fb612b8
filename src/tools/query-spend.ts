import { z } from "zod";
import { supplierNameJa, type EntityResolution } from "../domain";
import { categoryNamesJa } from "../domain/category-terms";
import { resolveCategory } from "./entities/category-resolver";
import { defineTool, nothingFound, unresolvedSupplier, type ToolContext } from "./define-tool";
import { fiscalYearSpan, parseFiscalYear } from "../domain/fiscal-year";
import { toolWordingEn, type SpendScopePart } from "../domain/strings/tool-wording";
import { formatChange, formatJpy, formatJpyShort, round1 } from "./format";
import type { SpendDimension, SpendFilter, SpendView } from "./procurement-data";
import { rollUp } from "./spend-cube";
import { resolveSupplierArgument } from "./entities/supplier-resolver";
import { fiscalTrend, group, SpendGroupBySchema, yoyText, type SpendGroupBy } from "./spend-breakdown";

const isoDay = z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, "ISO date YYYY-MM-DD or month YYYY-MM");

/** querySpend arguments (strict-mode friendly: null = no filter), for a data set whose fiscal year starts in `fiscalYearStartMonth`. */
function querySpendParameters(fiscalYearStartMonth: number) {
  return z.object({
    supplier: z.string().max(200).nullable().describe("Supplier name, alias or id (e.g. 'Acme', '取引先A社'); null = all"),
    category: z.string().max(100).nullable().describe("Spend category, e.g. 'saas', 'logistics', 'raw-materials', '物流'; null = all"),
    costCenter: z.string().max(100).nullable().describe("Cost center code or name, e.g. 'CC-1100' or 'Marketing'; null = all"),
    fiscalYear: z
      .string()
      .max(20)
      .nullable()
      .describe(
        `Fiscal year (${fiscalYearSpan(fiscalYearStartMonth)}, named by the year it starts in), e.g. 'FY2025' or '2025年度'; null = all years`,
      ),
    from: isoDay.nullable().describe("First date (inclusive), YYYY-MM-DD or YYYY-MM; null = no lower bound"),
    to: isoDay.nullable().describe("Last date (inclusive), YYYY-MM-DD or YYYY-MM; null = no upper bound"),
    groupBy: SpendGroupBySchema.nullable().describe("How to break the total down; null = by fiscal year"),
  });
}
type QuerySpendArgs = z.infer<ReturnType<typeof querySpendParameters>>;

/** JPY-normalised spend; a running year's change is against the same months a year earlier. Dates are resolved to whole months. */
export function createQuerySpendTool({ data, today, fiscalYearStartMonth: startMonth }: ToolContext) {
  return defineTool({
    name: "querySpend",
    description: `Aggregate procurement spend (in JPY) filtered by supplier, category, cost center, fiscal year (${fiscalYearSpan(startMonth)}) or dates, grouped by supplier, category, month, quarter, fiscalYear or costCenter. Returns totals, counts, top groups, the fiscal-year trend with year-over-year change, off-contract share and the largest transactions with PO numbers.`,
    parameters: querySpendParameters(startMonth),
    argumentKinds: { supplier: "suppliers", category: "categories", fiscalYear: "periods" },
    relevance: { relevantWhen: [["spend"], ["trend"], ["fiscalYear"], ["supplierNamed"], ["category"]] },
    async run(args, words) {
      const resolved = await resolveFilter(args, data);
      if (resolved.problem) return resolved.problem;
      const { filter, scopeParts, reference, names, resolution } = resolved;
      const { costCenter } = names;
      // The data says its scope in English (the model reads data as it is); quotes and digest in the question's language.
      const [scope, wordedScope] = [toolWordingEn.spendScope(scopeParts), words.spendScope(scopeParts)];
      // The supplier the references name by id, so that their citations can name it by its name; likewise the category, with the
      // name the data gives it (an imported one has no built-in label).
      const about = {
        ...(filter.supplierId && names.supplierName
          ? { subject: { id: filter.supplierId, name: names.supplierName, nameJa: names.supplierNameJa ?? undefined } }
          : {}),
        ...(filter.category
          ? { category: { id: filter.category, ...(names.categoryNameJa ? { nameJa: names.categoryNameJa } : {}) } }
          : {}),
      };
      // The filters as data, so an answer can name them in its own language (the scope text is English).
      const filters = { ...filter, ...names };
      const groupBy = args.groupBy ?? "fiscalYear";
      const cells = (await data.spendCells(filter, viewFor(groupBy, filter, costCenter))).filter(
        (cell) => costCenter === null || matchesCostCenter(cell.costCenter, costCenter),
      );
      const { fiscalYearStartMonth } = await data.describe();
      // The selection as one cell: its total kept to the sen, its count, first and last dates and largest lines.
      const whole = rollUp(cells, () => "", fiscalYearStartMonth).get("");
      if (whole === undefined || whole.count === 0) {
        return nothingFound(
          { filters, scope, totalJpy: 0, count: 0, groups: [], message: toolWordingEn.noSpend(scope) },
          words.noSpend(wordedScope),
          resolution,
        );
      }
      const { amountJpy: totalJpy, count, firstDate, lastDate, largest } = whole;
      const groups = group(cells, groupBy, totalJpy, fiscalYearStartMonth);
      const trend = fiscalTrend(cells, today(), fiscalYearStartMonth);
      const offContractJpy = cells.reduce((total, cell) => total + cell.offContractJpy, 0);
      return {
        data: {
          scope,
          filters,
          totalJpy,
          count,
          firstDate,
          lastDate,
          groupBy,
          groups: groups.shown,
          otherGroups: groups.others,
          trend,
          offContractPct: round1((offContractJpy / totalJpy) * 100),
          largestTransactions: largest,
        },
        evidence: [
          {
            source: "spend",
            referenceId: reference,
            ...about,
            quote: words.spendTotal(formatJpy(totalJpy), count, wordedScope),
          },
          ...trend.yoy.map((yoy) => ({
            source: "spend",
            referenceId: `${reference} ${yoy.from}→${yoy.to}`,
            ...about,
            quote: yoyText(yoy, words),
          })),
          ...groups.shown.slice(0, 3).map((g) => ({
            source: "spend",
            ...about,
            // A group the filter already names ("FY2025" of a FY2025 query) is not named twice.
            referenceId: reference.split(" ").includes(g.key) ? reference : `${reference} ${g.key}`,
            // A group holding all of the spend repeats the total: its share says nothing.
            quote: words.spendGroup(g.key, formatJpy(g.totalJpy), g.count, g.sharePct === 100 ? null : g.sharePct),
          })),
          ...largest.slice(0, 1).map((t) => ({
            source: "spend",
            referenceId: t.id,
            quote: words.largest(t.date, t.supplierName, formatJpy(t.amountJpy), t.poNumber),
          })),
        ],
        digest: words.spendDigest(
          wordedScope,
          formatJpyShort(totalJpy),
          count,
          trend.fiscalYears.map((fy) => ({ fiscalYear: fy.fiscalYear, complete: fy.complete, total: formatJpyShort(fy.totalJpy) })),
          trend.yoy.map((yoy) => ({ to: yoy.to, from: yoy.from, change: formatChange(yoy.changePct) })),
        ),
        resolution,
      };
    },
  });
}

/** Or the result saying which argument matched nothing. */
async function resolveFilter(args: QuerySpendArgs, data: ToolContext["data"]) {
  // No figure at all: a total for everyone would read as the total for the name asked about.
  const noFigure = { filters: args, totalJpy: null, count: 0, groups: [] };
  const filter: SpendFilter = {};
  const scopeParts: SpendScopePart[] = [];
  const reference: string[] = [];
  const names: Record<"supplierName" | "supplierNameJa" | "categoryNameJa" | "costCenter", string | null> = {
    supplierName: null,
    supplierNameJa: null,
    categoryNameJa: null,
    costCenter: null,
  };
  const resolution: EntityResolution = { resolved: [], unresolved: [] };
  if (nonEmpty(args.supplier)) {
    const resolved = resolveSupplierArgument(await data.listSuppliers(), args.supplier);
    if (!resolved.supplier) return { problem: unresolvedSupplier(noFigure, resolved) };
    filter.supplierId = resolved.supplier.id;
    names.supplierName = resolved.supplier.name;
    names.supplierNameJa = supplierNameJa(resolved.supplier);
    scopeParts.push({ supplier: resolved.supplier.name });
    reference.push(resolved.supplier.id);
    resolution.resolved.push(...resolved.resolution.resolved);
  }
  if (nonEmpty(args.category)) {
    const suppliers = await data.listSuppliers();
    const known = [...new Set([...suppliers.map((s) => s.category), ...(await data.spendDimensions()).categories])].sort();
    const namesJa = categoryNamesJa(suppliers);
    const category = resolveCategory(args.category, known, namesJa);
    if (!category) {
      const message = `No spend category named "${args.category}" is in the data.`;
      return {
        problem: nothingFound({ ...noFigure, message, suggestions: known }, message, {
          resolved: [],
          unresolved: [{ kind: "category", text: args.category, outcome: "not_found", candidates: [] }],
        }),
      };
    }
    filter.category = category;
    names.categoryNameJa = namesJa.get(category) ?? null;
    scopeParts.push({ category, ...(names.categoryNameJa ? { nameJa: names.categoryNameJa } : {}) });
    reference.push(category);
  }
  if (nonEmpty(args.fiscalYear)) {
    const fiscalYear = parseFiscalYear(args.fiscalYear);
    if (!fiscalYear) {
      const message = `"${args.fiscalYear}" is not a fiscal year`;
      return { problem: nothingFound({ ...noFigure, message, suggestions: ["FY2024", "FY2025", "FY2026"] }, message) };
    }
    filter.fiscalYear = fiscalYear;
    scopeParts.push({ fiscalYear });
    reference.push(fiscalYear);
  }
  if (nonEmpty(args.from)) filter.from = args.from.length === 7 ? `${args.from}-01` : args.from;
  if (nonEmpty(args.to)) filter.to = args.to.length === 7 ? monthEnd(args.to) : args.to;
  if (filter.from || filter.to) {
    scopeParts.push({ from: filter.from, to: filter.to });
    reference.push(`${filter.from ?? ""}..${filter.to ?? ""}`);
  }
  if (nonEmpty(args.costCenter)) {
    names.costCenter = args.costCenter.trim();
    scopeParts.push({ costCenter: names.costCenter });
    reference.push(names.costCenter);
  }
  return { filter, scopeParts, reference: `SPEND ${reference.join(" ") || "all"}`, names, resolution };
}

/** The least detail that answers: month cells only for month and quarter breakdowns and date ranges, and only the grouped dimension. */
function viewFor(groupBy: SpendGroupBy, filter: SpendFilter, costCenter: string | null): SpendView {
  const grain =
    groupBy === "month" || groupBy === "quarter" || filter.from !== undefined || filter.to !== undefined ? "month" : "fiscalYear";
  const keep: SpendDimension[] = [];
  if (groupBy === "supplier" || groupBy === "category" || groupBy === "costCenter") keep.push(groupBy);
  if (costCenter !== null && groupBy !== "costCenter") keep.push("costCenter");
  return { grain, keep };
}

/** "2025-02" → "2025-02-28". */
function monthEnd(month: string): string {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
}

function nonEmpty(value: string | null): value is string {
  return value !== null && value.trim() !== "";
}

/** "CC-1100", "cc1100", "Marketing" all match "CC-1100 IT Infrastructure"-style names. */
function matchesCostCenter(costCenter: string, wanted: string): boolean {
  const flat = (text: string) => text.toLowerCase().replace(/[\s-]/g, "");
  return flat(costCenter).includes(flat(wanted));
}
