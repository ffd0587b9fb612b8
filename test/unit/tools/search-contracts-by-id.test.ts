import assert from "node:assert/strict";
import { createInMemoryProcurementData, createToolRegistry } from "../../../src/tools";
import type { ToolResult } from "../../../src/workflow/ports";
import { dataSet } from "./tool-fixture";

/** The sample data with two contracts under ids of forms no pattern would take for ids. */
const [first, second] = dataSet.contracts;
const imported = {
  ...dataSet,
  contracts: dataSet.contracts.map((contract) =>
    contract === first ? { ...contract, id: "契約-0042" } : contract === second ? { ...contract, id: "K-2025/017" } : contract,
  ),
};
const registry = createToolRegistry(createInMemoryProcurementData(imported), { fiscalYearStartMonth: 4 });
type Found = ToolResult & { data: { contracts: { id: string; title: string }[] } };
const searchContracts = async (args: { query: string; supplier: string | null }) =>
  (await registry.get("searchContracts")!.run(args)) as Found;

describe("searchContracts by an imported contract id", () => {
  it("returns exactly the contract the query names by id, looked up in the data set, in any case or width", async () => {
    const result = await searchContracts({ query: "k-2025/017の解約条件", supplier: null });
    assert.deepEqual(
      result.data.contracts.map((c) => [c.id, c.title]),
      [["K-2025/017", second.title]],
    );
    assert.ok(result.evidence.length > 0 && result.evidence.every((item) => item.referenceId === "K-2025/017"));
  });

  it("returns the named contract among its supplier's when the supplier is given too", async () => {
    const result = await searchContracts({ query: "termination terms of 契約-0042", supplier: first.supplierId });
    assert.deepEqual(
      result.data.contracts.map((c) => c.id),
      ["契約-0042"],
    );
  });

  it("searches by words when the query names an id no contract has", async () => {
    const result = await searchContracts({ query: `${second.title} K-2025/018`, supplier: null });
    assert.equal(result.data.contracts[0]?.id, "K-2025/017");
  });
});
