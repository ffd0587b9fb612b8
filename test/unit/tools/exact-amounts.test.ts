import assert from "node:assert/strict";
import { createToolRegistry } from "../../../src/tools";
import { LocalDataStore, openLocalProcurementData } from "../../../src/storage/local-data-store";
import { importFixture, temporaryDataDirectory } from "../import/import-fixture";

describe("spend in other currencies is converted and summed exactly, rounded once for display", () => {
  it("totals four USD 100.01 rows at 150 as ¥60,006, not as four rows of ¥15,002", async () => {
    const directory = temporaryDataDirectory();
    await importFixture(new LocalDataStore(directory), "usd-cents");
    const data = await openLocalProcurementData(directory);
    assert.ok(data);
    const spend = createToolRegistry(data, { fiscalYearStartMonth: 4 }).get("querySpend");
    assert.ok(spend);
    const result = await spend.run({
      supplier: "北斗化学工業",
      category: null,
      costCenter: null,
      fiscalYear: "FY2025",
      from: null,
      to: null,
      groupBy: null,
    });
    // 4 × 100.01 × 150 = 60,006.00 exactly; each row rounded to whole yen first would give 4 × 15,002 = 60,008.
    assert.equal((result.data as { totalJpy: number }).totalJpy, 60006);
    const quotes = result.evidence.map((item) => item.quote).join("\n");
    assert.match(quotes, /¥60,006\b/);
    assert.doesNotMatch(quotes, /¥60,008/);
  });
});
