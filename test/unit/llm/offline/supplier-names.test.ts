import assert from "node:assert/strict";
import type { ProcurementDataSet } from "../../../../src/domain";
import { createOfflineChatModel } from "../../../../src/llm/offline";
import { buildQuestionVocabulary } from "../../../../src/tools/question/vocabulary";
import { createInMemoryProcurementData } from "../../../../src/tools/in-memory-procurement-data";
import { createToolRegistry } from "../../../../src/tools";
import { generateSampleDataSet } from "../../../../src/tools/sample-data";
import { runQuestion } from "../../../../src/workflow/runner";
import { workflowHarness } from "../../../fakes/workflow-harness";

/** The sample data with two suppliers renamed (everywhere their name is kept) and one supplier with a huge name added. */
function dataWithHostileNames(): ProcurementDataSet {
  const data = generateSampleDataSet();
  const renames = new Map([
    ["SUP-002", "C++ Inc."],
    ["SUP-003", "A(B"],
  ]);
  for (const record of [...data.spend, ...data.contracts]) record.supplierName = renames.get(record.supplierId) ?? record.supplierName;
  for (const supplier of data.suppliers) {
    const name = renames.get(supplier.id);
    if (name !== undefined) Object.assign(supplier, { name, aliases: [] });
  }
  // Stored before imports had length limits: a name no question can contain.
  data.suppliers.push({ ...data.suppliers[5], id: "SUP-HUGE", name: "Z".repeat(50 * 1024 * 1024), aliases: [] });
  return data;
}

describe("offline answers about suppliers whose names are regular-expression syntax", () => {
  const dataSet = dataWithHostileNames();
  const data = createInMemoryProcurementData(dataSet);

  for (const [question, supplierId, name] of [
    ["How much did we spend with C++ Inc. in FY2025?", "SUP-002", "C++ Inc."],
    ["What is the risk rating of A(B?", "SUP-003", "A(B"],
  ]) {
    it(`answers "${question}" about ${supplierId}, beside a supplier with a 50 MB name`, async function () {
      this.timeout(60_000);
      const model = createOfflineChatModel({
        vocabulary: await buildQuestionVocabulary(data),
        clock: { now: () => new Date("2026-11-21T09:00:00Z") },
      });
      const deps = { ...workflowHarness(model).deps, tools: createToolRegistry(data, { fiscalYearStartMonth: 4 }) };
      const state = await runQuestion(deps, { question });
      assert.ok(state.status === "answered" || state.status === "awaiting_approval", `${state.status} ${state.failure?.message ?? ""}`);
      const cited = state.findings.flatMap((f) => (f.status === "ok" ? f.evidence.map((e) => e.referenceId) : []));
      assert.ok(
        cited.some((id) => id.includes(supplierId)),
        cited.join(", "),
      );
      assert.ok(state.answer?.conclusion.includes(name), state.answer?.conclusion);
    });
  }
});
