import { createInMemoryProcurementData, createToolRegistry, generateSampleDataSet } from "../../../src/tools";
import type { ToolResult } from "../../../src/workflow/ports";

/** The sample data (generated once per process) behind a tool registry dated 2026-11-21. */
export const dataSet = generateSampleDataSet();
export const sampleData = createInMemoryProcurementData(dataSet);
export const registry = createToolRegistry(sampleData, {
  fiscalYearStartMonth: 4,
  clock: { now: () => new Date("2026-11-21T09:00:00+09:00") },
});

/** Runs a registered tool by name; fails the test if the tool is missing. */
export async function runTool(name: string, args: unknown): Promise<ToolResult & { data: any }> {
  const tool = registry.get(name);
  if (!tool) throw new Error(`tool ${name} is not registered`);
  return tool.run(args);
}

/** Where the documents of the linked registry's records open. */
export const DOCUMENT_LINKS = {
  contract: "https://contoso.sharepoint.com/sites/Procurement/Contracts/CTR-0001%20Acme%20SaaS.pdf",
  policy: "https://contoso.sharepoint.com/sites/Procurement/Policies/Approval%20Matrix.docx",
};

/** The sample data with a document link on contract CTR-0001 and the English approval matrix, as an import gives them. */
export const linkedRegistry = createToolRegistry(
  createInMemoryProcurementData({
    ...dataSet,
    contracts: dataSet.contracts.map((c) => (c.id === "CTR-0001" ? { ...c, url: DOCUMENT_LINKS.contract } : c)),
    policies: dataSet.policies.map((p) => (p.id === "POL-APPROVAL-MATRIX-en" ? { ...p, url: DOCUMENT_LINKS.policy } : p)),
  }),
  { clock: { now: () => new Date("2026-11-21T09:00:00+09:00") }, fiscalYearStartMonth: 4 },
);
