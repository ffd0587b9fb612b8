import { systemClock, type Clock } from "../domain";
import type { ToolDefinition, ToolRegistry } from "../workflow/ports";
import type { ToolContext } from "./define-tool";
import { createGetPriceBenchmarksTool } from "./get-price-benchmarks";
import { createGetSupplierProfileTool } from "./get-supplier-profile";
import { toIsoDate } from "./iso-date";
import { createListSuppliersTool } from "./list-suppliers";
import type { ProcurementData } from "./procurement-data";
import { createQuerySpendTool } from "./query-spend";
import { createSearchContractsTool } from "./search-contracts";
import { createSearchPoliciesTool } from "./search-policies";

export { createInMemoryProcurementData } from "./in-memory-procurement-data";
export type { ProcurementData } from "./procurement-data";
export { generateSampleDataSet } from "./sample-data";
export { renewalsDue } from "./renewals";

/** The read-only procurement data tools; `clock` dates "today" (contract countdowns, current fiscal year), the system clock by default. */
export function createToolRegistry(data: ProcurementData, options: { fiscalYearStartMonth: number; clock?: Clock }): ToolRegistry {
  const clock = options.clock ?? systemClock;
  const context: ToolContext = { data, today: () => toIsoDate(clock.now()), fiscalYearStartMonth: options.fiscalYearStartMonth };
  const tools: ToolDefinition[] = [
    createSearchPoliciesTool(context),
    createSearchContractsTool(context),
    createQuerySpendTool(context),
    createGetSupplierProfileTool(context),
    createListSuppliersTool(context),
    createGetPriceBenchmarksTool(context),
  ];
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return { get: (name) => byName.get(name), list: () => [...tools] };
}
