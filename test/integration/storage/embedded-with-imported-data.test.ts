import assert from "node:assert/strict";
import { testConfig } from "../../fakes/test-config";
import { openCosmosStore } from "../../../src/storage";
import { LocalDataStore } from "../../../src/storage/local-data-store";
import { importFixture, temporaryDataDirectory } from "../../unit/import/import-fixture";

describe("openCosmosStore with no COSMOS_ENDPOINT and an imported local data set", () => {
  it("answers from the imported data set and neither generates nor seeds the sample, saying so in its one line", async () => {
    const directory = temporaryDataDirectory();
    await importFixture(new LocalDataStore(directory), "acme");
    const lines: string[] = [];
    const store = await openCosmosStore(testConfig({ NODE_ENV: "test", PROCURA_DATA_DIR: directory }), { log: (line) => lines.push(line) });
    try {
      assert.equal(lines.length, 1);
      assert.doesNotMatch(lines[0], /seeded with sample data/);
      assert.ok(lines[0].includes(`not seeded: answers come from the data set imported into ${directory}`), lines[0]);
      assert.equal((await store.toolData.describe()).name, "imported");
      assert.deepEqual(await store.procurementData.listSuppliers(), [], "the embedded server holds no sample data");
    } finally {
      await store.close();
    }
  });
});
