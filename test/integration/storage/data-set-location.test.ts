import assert from "node:assert/strict";
import { cpSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { importCommand } from "../../../src/cli/import";
import { dataSetBanner, openToolData } from "../../../src/composition/procurement-data";
import { silentProgress } from "../../../src/import/progress";
import { testConfig } from "../../fakes/test-config";

describe("the data banner names the data folder in use", () => {
  it("a data set imported into one folder and read from another (PROCURA_DATA_DIR) is named by where it is read", async () => {
    const importedInto = path.join(mkdtempSync(path.join(os.tmpdir(), "procura-imported-")), "data");
    const code = await importCommand(["test/fixtures/import/vendors"], {
      env: { PROCURA_DATA_DIR: importedInto },
      out: () => {},
      err: () => {},
      progress: silentProgress,
    });
    assert.equal(code, 0);
    const inUse = path.join(mkdtempSync(path.join(os.tmpdir(), "procura-in-use-")), "team-data");
    cpSync(importedInto, inUse, { recursive: true });
    const { data, close } = await openToolData(testConfig({ PROCURA_DATA_DIR: inUse }), () => {});
    try {
      const banner = dataSetBanner(await data.describe());
      assert.match(banner, new RegExp(`^Data: imported data set \\(directory ${inUse.replace(/[.\\/]/g, "\\$&")}, imported `));
      assert.doesNotMatch(banner, new RegExp(importedInto.replace(/[.\\/]/g, "\\$&")));
    } finally {
      await close();
    }
  });
});
