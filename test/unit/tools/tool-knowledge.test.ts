import assert from "node:assert/strict";
import { z } from "zod";
import { buildQuestionVocabulary } from "../../../src/tools/question/vocabulary";
import { createEvidencePlanner } from "../../../src/tools/evidence-plan";
import { defineTool } from "../../../src/tools/define-tool";
import type { ToolRelevance, ToolDefinition, ToolRegistry } from "../../../src/workflow/ports";
import { entitiesOfRun } from "../../../src/workflow/conversation-turn";
import { runToolCalls, toolSpecsOf } from "../../../src/workflow/steps/tool-runner";
import { completedRun } from "../../fixtures/cards/sample-runs";
import { registry, sampleData } from "./tool-fixture";

/** A tool a new specialist might bring: nothing about it is known anywhere but on its definition. */
function supplierAuditTool(relevance: ToolRelevance): ToolDefinition {
  return defineTool({
    name: "listSupplierAudits",
    description: "Audit reports of one supplier.",
    parameters: z.object({ supplier: z.string().min(1), auditYear: z.string().nullable() }),
    argumentKinds: { supplier: "suppliers", auditYear: "periods" },
    relevance,
    run: async ({ supplier }) => ({ data: { supplier, audits: [] }, evidence: [], digest: `no audits of ${supplier}` }),
  });
}

/** The sample data's tools plus `extra`. */
function withTool(extra: ToolDefinition): ToolRegistry {
  const tools = [...registry.list(), extra];
  return { get: (name) => tools.find((tool) => tool.name === name), list: () => tools };
}

describe("tool knowledge on the tool's definition", () => {
  it("remembers the entities a call's arguments name by the tool's own argument kinds", async () => {
    const tools = withTool(supplierAuditTool({ relevantWhen: [["supplierNamed"]] }));
    const [result] = await runToolCalls(
      tools,
      ["listSupplierAudits"],
      [{ id: "1", name: "listSupplierAudits", arguments: JSON.stringify({ supplier: " Nimbus ", auditYear: "FY2024" }) }],
      "en",
    );
    assert.deepEqual(result.record.lookedUp, [
      { kind: "suppliers", name: "Nimbus" },
      { kind: "periods", name: "FY2024" },
    ]);
    const run = completedRun({ standaloneQuestion: "Any audits of Nimbus?" });
    run.findings[0].toolCalls = [result.record];
    const entities = entitiesOfRun(run);
    assert.deepEqual(entities.suppliers, ["Nimbus"]);
    assert.deepEqual(entities.periods, ["FY2024"]);
  });

  it("plans a call of a tool when the cues its definition names hold, and not otherwise", async () => {
    const planner = createEvidencePlanner({
      vocabulary: await buildQuestionVocabulary(sampleData),
      clock: { now: () => new Date("2026-11-21T09:00:00Z") },
    });
    const planned = async (relevance: ToolRelevance) => {
      const tools = withTool(supplierAuditTool(relevance));
      const specs = toolSpecsOf(tools, ["querySpend", "listSupplierAudits"]);
      const calls = await planner.plan({ text: "How much did we spend with Acme in FY2025?", language: "en" }, { keywords: [] }, specs);
      return calls.map((call) => call.name);
    };
    assert.deepEqual(await planned({ relevantWhen: [["supplierNamed"]] }), ["querySpend", "listSupplierAudits"]);
    assert.deepEqual(await planned({ relevantWhen: [["supplierNamed", "policy"], ["contract"]] }), ["querySpend"]);
  });

  it("declares argument kinds and relevance on every data tool", () => {
    for (const tool of registry.list())
      assert.ok(tool.relevance && tool.relevance.relevantWhen.length > 0, `${tool.name} declares its relevance`);
    assert.deepEqual(registry.get("getSupplierProfile")?.argumentKinds, { name: "suppliers" });
    assert.deepEqual(registry.get("querySpend")?.argumentKinds, { supplier: "suppliers", category: "categories", fiscalYear: "periods" });
  });
});
