import { createInMemoryProcurementData, createToolRegistry, generateSampleDataSet } from "../../../src/tools";
import type { ToolResult } from "../../../src/workflow/ports";

/** The sample data (generated once per process) behind a tool registry dated 2026-11-21. */
export const dataSet = generateSampleDataSet();
export const sampleData = createInMemoryProcurementData(dataSet);
export const registry = createToolRegistry(sampleData, { fiscalYearStartMonth: 4, now: () => new Date("2026-11-21T09:00:00+09:00") });

/** Runs a registered tool by name; fails the test if the tool is missing. */
export async function runTool(name: string, args: unknown): Promise<ToolResult & { data: any }> {
  const tool = registry.get(name);
  if (!tool) throw new Error(`tool ${name} is not registered`);
  return tool.run(args);
}
