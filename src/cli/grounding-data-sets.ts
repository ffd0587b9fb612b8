import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppConfig } from "../config";
import { parseRatesToJpy } from "../config/schema";
import { buildWorkflowDeps } from "../composition/workflow-deps";
import { DEFAULT_MAPPING } from "../import/mapping";
import { silentProgress } from "../import/progress";
import { runImport } from "../import/run-import";
import { LocalDataStore, openLocalProcurementData } from "../storage/local-data-store";
import { createInMemoryProcurementData, createToolRegistry, generateSampleDataSet } from "../tools";
import type { ProcurementData } from "../tools/procurement-data";
import { runQuestion } from "../workflow/runner";
import type { GroundingDataSets, GroundingFigures } from "../eval/grounding";
import { formatJpy } from "../tools/format";
import type { ToolRegistry } from "../workflow/ports";
import { z } from "zod";

/** The sample data, and a vendor master imported as a customer imports theirs (no aliases, ids in the ERP's format). */
export async function groundingDataSets(config: AppConfig, importDirectory: string): Promise<GroundingDataSets> {
  const dataDirectory = mkdtempSync(path.join(os.tmpdir(), "procura-grounding-"));
  const imported = await runImport(new LocalDataStore(dataDirectory), {
    directory: importDirectory,
    mapping: DEFAULT_MAPPING,
    dryRun: false,
    skipInvalid: false,
    replace: false,
    issueLimit: 20,
    fiscalYearStartMonth: config.env.FISCAL_YEAR_START_MONTH,
    ratesToJpy: parseRatesToJpy(config.env.FX_RATES_JPY) as Record<string, number>,
    today: new Date().toISOString().slice(0, 10),
    progress: silentProgress,
  });
  const rejected = imported.outcomes.filter((outcome) => outcome.status === "rejected");
  if (rejected.length > 0)
    throw new Error(`the grounding import ${importDirectory} has errors in ${rejected.map((o) => o.file).join(", ")}`);
  const importedData = await openLocalProcurementData(dataDirectory);
  if (!importedData) throw new Error(`nothing was imported from ${importDirectory}`);
  return {
    sample: await dataSet(config, createInMemoryProcurementData(generateSampleDataSet())),
    imported: await dataSet(config, importedData),
  };
}

async function dataSet(config: AppConfig, data: ProcurementData): Promise<GroundingDataSets["sample"]> {
  const deps = await buildWorkflowDeps(config, { data });
  const tools = createToolRegistry(data, { fiscalYearStartMonth: (await data.describe()).fiscalYearStartMonth });
  return { ask: (question) => runQuestion(deps, { question }), figures: figuresFrom(tools), suppliers: await data.listSuppliers() };
}

/** Through the querySpend tool itself: the figure the answer must state. */
function figuresFrom(tools: ToolRegistry): GroundingFigures {
  const total = async (supplier: string | null, fiscalYear: string) => {
    const spend = tools.get("querySpend");
    if (!spend) throw new Error("the querySpend tool is not registered");
    const result = await spend.run({ supplier, category: null, costCenter: null, fiscalYear, from: null, to: null, groupBy: null });
    const parsed = z.object({ totalJpy: z.number().nullable() }).safeParse(result.data);
    return formatJpy(parsed.success ? (parsed.data.totalJpy ?? 0) : 0);
  };
  return { supplierTotal: (id, fiscalYear) => total(id, fiscalYear), allSuppliersTotal: (fiscalYear) => total(null, fiscalYear) };
}
