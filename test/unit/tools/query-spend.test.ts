import { toSen } from "../../../src/domain/amounts";
import assert from "node:assert/strict";
import type { z } from "zod";
import type { SpendTransaction } from "../../../src/domain";
import { createToolRegistry } from "../../../src/tools";
import { fiscalYearOf } from "../../../src/domain/fiscal-year";
import { SPEND_DIMENSIONS } from "../../../src/tools/procurement-data";
import { createSnapshotProcurementData, snapshotOf } from "../../../src/tools/in-memory-procurement-data";
import { dataSet, runTool } from "./tool-fixture";

const noFilters = { supplier: null, category: null, costCenter: null, fiscalYear: null, from: null, to: null, groupBy: null };

describe("querySpend", () => {
  it("gives A社's spend per fiscal year with the year-over-year change", async () => {
    const result = await runTool("querySpend", { ...noFilters, supplier: "取引先A社", groupBy: "fiscalYear" });
    const transactions = dataSet.spend.filter((t) => t.supplierId === "SUP-033");
    const byYear = (fy: string) => transactions.filter((t) => t.fiscalYear === fy).reduce((sum, t) => sum + t.amountJpy, 0);
    assert.equal(result.data.filters.supplierId, "SUP-033");
    assert.deepEqual(
      result.data.groups.map((g: { key: string }) => g.key),
      ["FY2024", "FY2025", "FY2026"],
    );
    assert.equal(result.data.groups[0].totalJpy, byYear("FY2024"));
    assert.equal(
      result.data.totalJpy,
      transactions.reduce((sum, t) => sum + t.amountJpy, 0),
    );
    const [full, running] = result.data.trend.yoy;
    assert.deepEqual([full.from, full.to, full.basis], ["FY2024", "FY2025", "full fiscal years"]);
    assert.equal(full.changePct, Math.round(((byYear("FY2025") - byYear("FY2024")) / byYear("FY2024")) * 1000) / 10);
    assert.ok(full.changePct > 5 && full.changePct < 20, `${full.changePct}`);
    assert.match(running.basis, /Apr–Nov/);
    assert.equal(result.data.trend.fiscalYears.find((y: { fiscalYear: string }) => y.fiscalYear === "FY2026").complete, false);
    assert.ok(result.evidence.some((e) => e.referenceId === "SPEND SUP-033 FY2024→FY2025" && e.quote.includes(`${full.changePct}%`)));
    assert.match(result.digest, /FY2025 vs FY2024 \+\d+\.\d%/);
  });

  it("filters by a Japanese category word and fiscal year, grouped by supplier, largest first", async () => {
    const result = await runTool("querySpend", { ...noFilters, category: "物流", fiscalYear: "2025年度", groupBy: "supplier" });
    assert.deepEqual([result.data.filters.category, result.data.filters.fiscalYear], ["logistics", "FY2025"]);
    const totals = result.data.groups.map((g: { totalJpy: number }) => g.totalJpy);
    assert.deepEqual(
      totals,
      [...totals].sort((a, b) => b - a),
    );
    assert.equal(
      totals.reduce((a: number, b: number) => a + b, 0),
      result.data.totalJpy,
    );
    assert.ok(
      result.data.groups.every((g: { key: string }) => !g.key.startsWith("SUP-")),
      "groups are named",
    );
    // The category rides on every reference about it, with its data name, so a citation can name it.
    const spendReferences = result.evidence.filter((item) => item.referenceId.startsWith("SPEND "));
    assert.ok(spendReferences.length > 0);
    assert.ok(
      spendReferences.every((item) => item.category?.id === "logistics" && item.category.nameJa === "物流"),
      JSON.stringify(spendReferences),
    );
  });

  it("bounds the breakdown: top 10 suppliers plus an 'others' aggregate", async () => {
    const result = await runTool("querySpend", { ...noFilters, fiscalYear: "FY2025", groupBy: "supplier" });
    assert.equal(result.data.groups.length, 10);
    const shown = result.data.groups.reduce((sum: number, g: { totalJpy: number }) => toSen(sum + g.totalJpy), 0);
    assert.equal(toSen(shown + result.data.otherGroups.totalJpy), result.data.totalJpy);
    assert.equal(result.data.largestTransactions.length, 3);
    assert.match(result.data.largestTransactions[0].poNumber, /^PO-2025-\d{6}$/);
  });

  it("groups by fiscal quarter and by month within a date range", async () => {
    const quarters = await runTool("querySpend", { ...noFilters, supplier: "Acme", fiscalYear: "FY2025", groupBy: "quarter" });
    assert.deepEqual(
      quarters.data.groups.map((g: { key: string }) => g.key),
      ["FY2025-Q1", "FY2025-Q2", "FY2025-Q3", "FY2025-Q4"],
    );
    const months = await runTool("querySpend", { ...noFilters, from: "2025-01", to: "2025-03", groupBy: "month" });
    assert.deepEqual(
      months.data.groups.map((g: { key: string }) => g.key),
      ["2025-01", "2025-02", "2025-03"],
    );
    assert.equal(months.data.filters.to, "2025-03-31");
  });

  it("labels quarters and compares running years by the data set's fiscal start month (January here)", async () => {
    const supplier = dataSet.suppliers[0];
    const row = (id: string, date: string, amountJpy: number): SpendTransaction => ({
      id,
      date,
      fiscalYear: fiscalYearOf(date, 1),
      supplierId: supplier.id,
      supplierName: supplier.name,
      category: supplier.category,
      costCenter: "CC-1",
      amount: amountJpy,
      currency: "JPY",
      amountJpy,
      poNumber: `PO-${id}`,
      contractId: null,
    });
    const spend = [
      row("T1", "2025-01-10", 100),
      row("T2", "2025-05-10", 200),
      row("T3", "2025-11-10", 300),
      row("T4", "2026-01-15", 400),
      row("T5", "2026-06-01", 500),
    ];
    const snapshot = snapshotOf(
      { ...dataSet, spend },
      { name: "imported", location: "test", importedAt: "2026-11-01T00:00:00Z", fiscalYearStartMonth: 1 },
    );
    const tools = createToolRegistry(createSnapshotProcurementData(snapshot), {
      fiscalYearStartMonth: 1,
      clock: { now: () => new Date("2026-08-01T00:00:00Z") },
    });
    const byQuarter = await tools.get("querySpend")!.run({ ...noFilters, groupBy: "quarter" });
    assert.deepEqual(
      (byQuarter.data as any).groups.map((g: { key: string; totalJpy: number }) => [g.key, g.totalJpy]),
      [
        ["FY2025-Q1", 100],
        ["FY2025-Q2", 200],
        ["FY2025-Q4", 300],
        ["FY2026-Q1", 400],
        ["FY2026-Q2", 500],
      ],
    );
    const trend = (byQuarter.data as any).trend;
    assert.deepEqual(
      trend.fiscalYears.map((fy: { fiscalYear: string; complete: boolean }) => [fy.fiscalYear, fy.complete]),
      [
        ["FY2025", true],
        ["FY2026", false],
      ],
    );
    assert.deepEqual(trend.yoy[0], {
      from: "FY2025",
      to: "FY2026",
      fromJpy: 300,
      toJpy: 900,
      changePct: 200,
      basis: "same months (Jan–Jun) of both years",
      sameMonths: { from: 1, to: 6 },
    });
    const byYear = await tools.get("querySpend")!.run({ ...noFilters });
    assert.deepEqual((byYear.data as any).trend, trend, "fiscal-year roll-ups carry the months a running year is compared on");
    const profile = await tools.get("getSupplierProfile")!.run({ name: supplier.name });
    assert.equal((profile.data as any).spend.currentFiscalYear, "FY2026");
    assert.equal((profile.data as any).spend.currentFiscalYearToDateJpy, 900);
  });

  it("tells the model the data set's fiscal year in its description and fiscalYear parameter", () => {
    const describedFor = (fiscalYearStartMonth: number) => {
      const tool = createToolRegistry(createSnapshotProcurementData(snapshotOf(dataSet)), { fiscalYearStartMonth }).get("querySpend")!;
      const fiscalYear = (tool.parameters as z.AnyZodObject).shape.fiscalYear as z.ZodTypeAny;
      return [tool.description, fiscalYear.description ?? ""];
    };
    for (const text of describedFor(4)) assert.match(text, /\(April–March[,)]/);
    for (const text of describedFor(1)) {
      assert.match(text, /\(January–December[,)]/);
      assert.doesNotMatch(text, /April/);
    }
    for (const text of describedFor(10)) assert.match(text, /\(October–September[,)]/);
  });

  it("answers the same from fiscal-year roll-ups as from month cells, reading fewer cells", async () => {
    const snapshot = snapshotOf(dataSet);
    const data = createSnapshotProcurementData(snapshot);
    for (const filter of [{}, { supplierId: dataSet.suppliers[0].id }, { category: dataSet.suppliers[1].category, fiscalYear: "FY2025" }]) {
      const months = await data.spendCells(filter);
      const years = await data.spendCells(filter, { grain: "fiscalYear", keep: SPEND_DIMENSIONS });
      assert.ok(years.length < months.length, `${years.length} roll-ups < ${months.length} month cells`);
      const totals = (cells: typeof months) => {
        const byYear = new Map<string, [number, number]>();
        for (const cell of cells) {
          const [jpy, count] = byYear.get(cell.fiscalYear) ?? [0, 0];
          byYear.set(cell.fiscalYear, [jpy + cell.amountJpy, count + cell.count]);
        }
        return [...byYear].sort().map(([fy, [jpy, count]]) => [fy, Math.round(jpy), count]);
      };
      assert.deepEqual(totals(years), totals(months));
      for (const year of years) assert.equal(Math.round(year.monthlyJpy!.reduce((a, b) => a + b, 0)), Math.round(year.amountJpy));
    }
    const category = dataSet.suppliers[1].category;
    const perMonth = await data.spendCells({ category }, { grain: "month", keep: [] });
    assert.ok(perMonth.every((cell) => cell.category === category && cell.supplierId === "" && cell.costCenter === ""));
    assert.equal(
      new Set(perMonth.map((cell) => `${cell.month} ${cell.currency}`)).size,
      perMonth.length,
      "one cell per month and currency",
    );
    const monthTotals = (cells: typeof perMonth) => {
      const totals = new Map<string, number>();
      for (const cell of cells) totals.set(cell.month, toSen((totals.get(cell.month) ?? 0) + cell.amountJpy));
      return [...totals].sort();
    };
    assert.deepEqual(monthTotals(perMonth), monthTotals(await data.spendCells({ category })));
    const all = await runTool("querySpend", { ...noFilters, groupBy: "supplier" });
    const byMonth = await runTool("querySpend", { ...noFilters, groupBy: "month" });
    assert.equal(all.data.totalJpy, byMonth.data.totalJpy);
    assert.deepEqual(all.data.largestTransactions, byMonth.data.largestTransactions);
    assert.deepEqual(all.data.trend, byMonth.data.trend);
    const byCategoryMonth = await runTool("querySpend", { ...noFilters, category, groupBy: "month" });
    const byCategoryCostCenter = await runTool("querySpend", { ...noFilters, category, groupBy: "costCenter" });
    assert.equal(byCategoryMonth.data.totalJpy, byCategoryCostCenter.data.totalJpy);
    assert.deepEqual(byCategoryMonth.data.largestTransactions, byCategoryCostCenter.data.largestTransactions);
  });

  it("matches cost centers by code or name", async () => {
    const byCode = await runTool("querySpend", { ...noFilters, costCenter: "CC-3200", groupBy: "costCenter" });
    const byName = await runTool("querySpend", { ...noFilters, costCenter: "marketing", groupBy: "costCenter" });
    assert.deepEqual(
      byCode.data.groups.map((g: { key: string }) => g.key),
      ["CC-3200 Marketing"],
    );
    assert.equal(byName.data.totalJpy, byCode.data.totalJpy);
  });

  it("names no part of a reference twice (the FY2025 group of a FY2025 query)", async () => {
    const result = await runTool("querySpend", { ...noFilters, supplier: "Acme", fiscalYear: "FY2025", groupBy: "fiscalYear" });
    for (const { referenceId } of result.evidence) {
      const parts = referenceId.split(" ");
      assert.equal(new Set(parts).size, parts.length, referenceId);
    }
  });

  it("explains what matched nothing instead of throwing", async () => {
    const supplier = await runTool("querySpend", { ...noFilters, supplier: "Zeta Robotics" });
    assert.match(supplier.digest, /No supplier named "Zeta Robotics" is in the data\./);
    assert.equal(supplier.data.totalJpy, null, "no figure, not everyone's");
    assert.deepEqual(
      supplier.resolution?.unresolved.map((n) => [n.text, n.outcome]),
      [["Zeta Robotics", "not_found"]],
    );
    const category = await runTool("querySpend", { ...noFilters, category: "aerospace" });
    assert.ok(category.data.suggestions.includes("raw-materials"));
    const year = await runTool("querySpend", { ...noFilters, fiscalYear: "FY2019" });
    assert.equal(year.data.count, 0);
    assert.deepEqual(year.evidence, []);
    assert.match(year.digest, /no spend matches FY2019/);
  });

  it("rejects an unknown groupBy before running", async () => {
    await assert.rejects(runTool("querySpend", { ...noFilters, groupBy: "weekday" }), /querySpend: invalid arguments.*groupBy/);
  });
});
