import assert from "node:assert/strict";
import { recordIdsIn } from "../../../src/domain";

describe("record ids in a text", () => {
  it("reads ids in any format an import accepted, and no period, amount or plain word", () => {
    assert.deepEqual(
      recordIdsIn("Compare CTR-0001 §4 with NWC-2, agr/2024/17 and PO_7001 for FY2025, Q3 and 30k yen").map((found) => found.id),
      ["CTR-0001", "NWC-2", "AGR/2024/17", "PO_7001"],
    );
    assert.deepEqual(
      recordIdsIn("契約NWC-2の解約条件は？").map((found) => found.id),
      ["NWC-2"],
    );
  });
});
