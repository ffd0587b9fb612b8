import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LocalDataStore } from "../../../src/storage/local-data-store";
import { FIXTURES, importFixture, temporaryDataDirectory } from "./import-fixture";

describe("contracts.csv owner columns", () => {
  it("keeps an owner's Entra object id and e-mail address, and reports a value that is neither as the row's issue", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "procura-import-"));
    copyFileSync(path.join(FIXTURES, "acme", "suppliers.csv"), path.join(directory, "suppliers.csv"));
    writeFileSync(
      path.join(directory, "contracts.csv"),
      [
        "id,supplierId,title,startDate,endDate,autoRenew,noticeDays,ownerAadId,ownerEmail",
        "K-1,NW-100,Freight agreement,2024-04-01,2027-03-31,Y,90,6F1B2C3D-0000-4000-8000-00000000A001,aiko.tanaka@contoso.com",
        "K-2,NW-100,Courier agreement,2024-04-01,2027-03-31,Y,90,,kenji@contoso.co.jp",
        "K-3,NW-100,Warehousing agreement,2024-04-01,2027-03-31,N,60,,",
        "K-4,NW-100,Packaging agreement,2024-04-01,2027-03-31,Y,30,Aiko,",
        "K-5,NW-100,Labels agreement,2024-04-01,2027-03-31,Y,30,,Aiko Tanaka",
      ].join("\n"),
    );
    const store = new LocalDataStore(temporaryDataDirectory());
    const result = await importFixture(store, "acme", { directory, skipInvalid: true });
    const contracts = result.outcomes.find((o) => o.kind === "contracts")!;
    assert.deepEqual(contracts.issues.lines(), [
      'contracts.csv:5: ownerAadId: not an Entra object id (a GUID), got "Aiko"',
      'contracts.csv:6: ownerEmail: not an e-mail address, got "Aiko Tanaka"',
    ]);
    assert.deepEqual(
      (await store.load("contracts")).map((c) => [c.id, c.ownerAadId, c.ownerEmail]),
      [
        ["K-1", "6f1b2c3d-0000-4000-8000-00000000a001", "aiko.tanaka@contoso.com"],
        ["K-2", undefined, "kenji@contoso.co.jp"],
        ["K-3", undefined, undefined],
      ],
    );
  });
});
