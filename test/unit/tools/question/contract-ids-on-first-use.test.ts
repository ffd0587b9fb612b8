import assert from "node:assert/strict";
import { recordIdIndex } from "../../../../src/domain";
import { SystemError } from "../../../../src/domain/errors";
import { ContractIdsOnFirstUse } from "../../../../src/tools/question/vocabulary";

// Sharing one read between concurrent callers, and reading again after a failure, are the data
// layer's guarantees (test/unit/tools/lazy.test.ts, the ProcurementData contract suite).
describe("contract ids read on first use", () => {
  it("are not read until a first use, then found in a text whatever their format", async () => {
    let reads = 0;
    const ids = new ContractIdsOnFirstUse(async () => {
      reads++;
      return recordIdIndex(["NWC-1", "契約-0042"]);
    });
    assert.equal(reads, 0, "building the holder reads nothing");
    await ids.ready();
    assert.deepEqual(
      ids.in("Compare nwc-1 with 契約-0042").map((named) => named.id),
      ["NWC-1", "契約-0042"],
    );
  });

  it("keep a failed read's message for the lookups that need the ids, and ask the data layer again on the next use", async () => {
    let reads = 0;
    const damage = new SystemError("/data/contracts.json is not a valid data file (Unexpected token); import the data again");
    const ids = new ContractIdsOnFirstUse(async () => {
      reads++;
      if (reads === 1) throw damage;
      return recordIdIndex(["NWC-1"]);
    });
    await ids.ready();
    assert.throws(() => ids.in("What is the notice period of NWC-1?"), damage);
    await ids.ready();
    assert.deepEqual(
      ids.in("What is the notice period of NWC-1?").map((named) => named.id),
      ["NWC-1"],
    );
  });

  it("refuse a lookup before they were read, saying so", () => {
    const ids = new ContractIdsOnFirstUse(async () => recordIdIndex(["NWC-1"]));
    assert.throws(() => ids.in("NWC-1"), /contract ids looked up before ready\(\) read them/);
  });
});
