import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createSnapshotProcurementData } from "../../../src/tools/in-memory-procurement-data";
import { loadMapping } from "../../../src/import/mapping";
import { LocalDataStore, openLocalProcurementData } from "../../../src/storage/local-data-store";
import { FIXTURES, importFixture, temporaryDataDirectory } from "./import-fixture";

describe("runImport into the local data directory", () => {
  it("imports every kind with derived names, JPY amounts and fiscal years, contract clauses from md and docx, policies from md and pdf", async () => {
    const directory = temporaryDataDirectory();
    const store = new LocalDataStore(directory);
    const result = await importFixture(store, "acme");
    assert.deepEqual(
      result.outcomes.map((o) => [o.kind, o.status, o.inserted]),
      [
        ["fx", "imported", 1],
        ["suppliers", "imported", 2],
        ["contracts", "imported", 2],
        ["spend", "imported", 6],
        ["policies", "imported", 2],
        ["benchmarks", "imported", 1],
      ],
    );
    assert.deepEqual(result.summary?.counts, { suppliers: 2, contracts: 2, spend: 6, policies: 2, policySections: 5, benchmarks: 1 });
    const rows = [];
    for await (const row of store.spendRows()) rows.push(row);
    const usd = rows.find((row) => row.id === "INV-0004")!;
    assert.deepEqual(
      [usd.supplierName, usd.amountJpy, usd.fiscalYear, usd.contractId],
      ["Blue Harbor Cloud Inc.", 18000 * 152, "FY2025", "NWC-2"],
    );
    assert.equal(rows.find((row) => row.id === "INV-0003")!.contractId, null);
    const contracts = await store.load("contracts");
    assert.deepEqual(
      contracts.find((c) => c.id === "NWC-1")!.clauses.map((c) => c.kind),
      ["term", "renewal", "price_adjustment", "liability"],
    );
    const docx = contracts.find((c) => c.id === "NWC-2")!;
    assert.deepEqual(
      docx.clauses.map((c) => c.kind),
      ["term", "price_adjustment", "other"],
    );
    assert.match(docx.clauses[1].text, /up to 6%/);
    const policies = await store.load("policies");
    const pdf = policies.find((p) => p.policyKey === "cloud-hosting")!;
    assert.deepEqual(
      pdf.sections.map((s) => s.id),
      ["POL-CLOUD-HOSTING §1", "POL-CLOUD-HOSTING §2", "POL-CLOUD-HOSTING §3"],
    );
    assert.match(pdf.sections[1].text, /Japan or the EU/);
  });

  it("keeps the document links given in contracts.csv, policies.csv and policy front matter; a record without one has no url", async () => {
    const store = new LocalDataStore(temporaryDataDirectory());
    await importFixture(store, "acme");
    const contracts = await store.load("contracts");
    assert.equal(
      contracts.find((c) => c.id === "NWC-2")!.url,
      "https://contoso.sharepoint.com/sites/Procurement/Contracts/Blue%20Harbor%20cloud%20hosting%20order.docx",
    );
    assert.ok(!("url" in contracts.find((c) => c.id === "NWC-1")!), "an empty url column stores no link");
    const policies = await store.load("policies");
    assert.deepEqual(
      policies.map((p) => [p.policyKey, p.url]),
      [
        ["cloud-hosting", "https://contoso.sharepoint.com/sites/Procurement/Policies/Cloud%20Hosting%20Standard.pdf"],
        ["freight-policy", "https://contoso.sharepoint.com/sites/Logistics/Shared%20Documents/Freight%20and%20Logistics%20Policy.docx"],
      ],
    );
  });

  it("stores the fiscal-year roll-ups and search indexes with the data set, and a reopened data set answers the same from them", async () => {
    const directory = temporaryDataDirectory();
    await importFixture(new LocalDataStore(directory), "acme");
    for (const file of ["spend-years.json", "contract-index.json", "policy-index.json", "contracts-by-supplier.ndjson"])
      assert.ok(existsSync(path.join(directory, file)), `${file} is stored with the data set`);
    const stored = (await openLocalProcurementData(directory))!;
    const store = new LocalDataStore(directory);
    const [suppliers, contracts, policies] = [await store.load("suppliers"), await store.load("contracts"), await store.load("policies")];
    const fresh = createSnapshotProcurementData({
      suppliers,
      contracts: async () => contracts,
      policies,
      benchmarks: [],
      spendCells: async () => (await store.loadDerived("cells"))!,
      summary: await stored.describe(),
    });
    for (const query of ["price increase cap", "fuel surcharge index", "renewal notice"])
      assert.deepEqual(await stored.searchContracts(query), await fresh.searchContracts(query));
    for (const supplier of [...suppliers, { id: "NO-SUCH-SUPPLIER" }]) {
      const filter = { supplierId: supplier.id };
      assert.deepEqual(await stored.listContracts(filter), await fresh.listContracts(filter));
    }
    for (const query of ["data residency Japan", "approval ¥5,000,000"])
      assert.deepEqual(
        await stored.searchPolicies(query, undefined, { favourThresholds: true }),
        await fresh.searchPolicies(query, undefined, { favourThresholds: true }),
      );
    const filter = { supplierId: "NW-100" };
    const view = { grain: "fiscalYear", keep: ["supplier", "category", "costCenter"] } as const;
    assert.deepEqual(await stored.spendCells(filter, view), await fresh.spendCells(filter, view));
    assert.deepEqual(await stored.spendDimensions(), await fresh.spendDimensions());
  });

  it("changes nothing when the same files are imported again, and --replace drops what the files no longer have", async () => {
    const directory = temporaryDataDirectory();
    const store = new LocalDataStore(directory);
    await importFixture(store, "acme");
    const again = await importFixture(store, "acme");
    for (const outcome of again.outcomes.filter((o) => o.kind !== "fx"))
      assert.deepEqual([outcome.kind, outcome.inserted, outcome.updated], [outcome.kind, 0, 0]);
    assert.equal(again.outcomes.find((o) => o.kind === "spend")!.unchanged, 6);
    const data = await openLocalProcurementData(directory);
    assert.equal((await data!.describe()).counts.spend, 6);
    const erp = await importFixture(store, "erp", {
      mapping: await loadMapping(path.join(FIXTURES, "erp/mapping.yaml")),
      only: new Set(["suppliers", "spend"]),
      replace: true,
    });
    assert.equal(erp.outcomes.find((o) => o.kind === "spend")!.removed, 6);
    assert.equal(erp.summary!.counts.spend, 2);
  });

  it("reads a real export through a mapping file: other file names, headers, delimiter, date format, decimal commas, Y/N", async () => {
    const store = new LocalDataStore(temporaryDataDirectory());
    const result = await importFixture(store, "erp", { mapping: await loadMapping(path.join(FIXTURES, "erp/mapping.yaml")) });
    assert.deepEqual(
      result.outcomes.map((o) => [o.kind, o.status, o.issues.lines()]),
      [
        ["suppliers", "imported", []],
        ["contracts", "imported", []],
        ["spend", "imported", []],
      ],
    );
    const [contract] = await store.load("contracts");
    assert.deepEqual(
      [contract.id, contract.startDate, contract.url],
      ["OA-4600001", "2025-04-01", "https://kanto.sharepoint.com/sites/Purchasing/Agreements/OA-4600001.pdf"],
      "a mapped column fills the document link like any other",
    );
    const [supplier] = await store.load("suppliers");
    assert.deepEqual([supplier.id, supplier.preferred, supplier.sanctionsFlag, supplier.category], ["V-1", true, false, "packaging"]);
    const rows = [];
    for await (const row of store.spendRows()) rows.push(row);
    assert.deepEqual(
      rows.map((r) => [r.id, r.date, r.amount, r.costCenter]),
      [
        ["51000001", "2025-04-15", 1250000, "CC-4100 Plant"],
        ["51000002", "2025-05-03", 980500.5, "CC-4100 Plant"],
      ],
    );
  });

  it("reports every bad row as file:line, column and reason, and imports nothing from a file with errors", async () => {
    const directory = temporaryDataDirectory();
    const store = new LocalDataStore(directory);
    const result = await importFixture(store, "bad");
    const spend = result.outcomes.find((o) => o.kind === "spend")!;
    assert.equal(spend.status, "rejected");
    assert.deepEqual(spend.issues.lines(), [
      'spend.csv:3: date: bad date "2025-02-30" (expected YYYY-MM-DD)',
      'spend.csv:4: supplierId: unknown supplier "NW-999"',
      'spend.csv:5: amount: not a number ("12x")',
      'spend.csv:6: currency: unknown currency "GBP" (add it to fx.csv)',
      'spend.csv:7: id: duplicate id "INV-0001"',
    ]);
    const contracts = result.outcomes.find((o) => o.kind === "contracts")!;
    assert.equal(contracts.status, "rejected");
    assert.deepEqual(contracts.issues.lines(), [
      'contracts.csv:3: url: not an https URL ("http://contoso.sharepoint.com/sites/Procurement/Contracts/Northwind%20warehousing.pdf")',
      'contracts.csv:4: url: not an https URL ("Contracts/Northwind courier.pdf")',
    ]);
    const policies = result.outcomes.find((o) => o.kind === "policies")!;
    assert.deepEqual(policies.issues.lines(), [
      'policies/courier.md:1: url: not an https URL ("file:///C:/Policies/Courier%20Policy.docx")',
    ]);
    const benchmarks = result.outcomes.find((o) => o.kind === "benchmarks")!;
    assert.deepEqual(benchmarks.issues.lines(), [
      'benchmarks.csv:1: p25: missing required column (headers found: "category", "unit", "currency", "median"; name the file\'s header in the mapping: columns: benchmarks: p25: <header>)',
      'benchmarks.csv:1: p75: missing required column (headers found: "category", "unit", "currency", "median"; name the file\'s header in the mapping: columns: benchmarks: p75: <header>)',
    ]);
    const rows = [];
    for await (const row of store.spendRows()) rows.push(row);
    assert.deepEqual(rows, []);
  });

  it("skips every contract whose document cannot be read, also past the number of issues shown", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "procura-import-"));
    copyFileSync(path.join(FIXTURES, "acme", "suppliers.csv"), path.join(directory, "suppliers.csv"));
    mkdirSync(path.join(directory, "contracts"));
    const rows = ["id,supplierId,title,startDate,endDate,document", "OK-1,NW-100,Readable agreement,2024-04-01,2027-03-31,"];
    for (const id of ["BAD-1", "BAD-2", "BAD-3"]) {
      writeFileSync(path.join(directory, "contracts", `${id}.docx`), "not a zip archive");
      rows.push(`${id},NW-100,Damaged agreement,2024-04-01,2027-03-31,contracts/${id}.docx`);
    }
    writeFileSync(path.join(directory, "contracts.csv"), rows.join("\n"));
    const store = new LocalDataStore(temporaryDataDirectory());
    const result = await importFixture(store, "acme", { directory, issueLimit: 1, skipInvalid: true });
    const contracts = result.outcomes.find((o) => o.kind === "contracts")!;
    assert.deepEqual(
      [contracts.status, contracts.read, contracts.skipped, contracts.inserted, contracts.issues.total, contracts.issues.shown.length],
      ["imported", 4, 3, 1, 3, 1],
    );
    assert.deepEqual(
      (await store.load("contracts")).map((c) => c.id),
      ["OK-1"],
    );
  });

  describe("a file that cannot be read as a whole is never imported, even with --skip-invalid --replace", () => {
    const cases: [string, Record<string, string>][] = [
      ["spend.csv and spend.xlsx both there", { "spend.xlsx": "not read" }],
      [
        "a required column missing",
        { "spend.csv": "id,date,supplierId,category,costCenter,currency\nINV-9,2025-04-10,NW-100,logistics,CC-1,JPY\n" },
      ],
      ["an empty file", { "spend.csv": "" }],
    ];
    for (const [problem, files] of cases)
      it(`keeps every stored spend row when ${problem}`, async () => {
        const store = new LocalDataStore(temporaryDataDirectory());
        await importFixture(store, "acme");
        const directory = mkdtempSync(path.join(os.tmpdir(), "procura-refused-"));
        for (const name of ["suppliers.csv", "contracts.csv", "spend.csv"])
          copyFileSync(path.join(FIXTURES, "acme", name), path.join(directory, name));
        mkdirSync(path.join(directory, "contracts"));
        for (const [name, content] of Object.entries(files)) writeFileSync(path.join(directory, name), content);
        const result = await importFixture(store, "acme", { directory, only: new Set(["spend"]), skipInvalid: true, replace: true });
        const spend = result.outcomes.find((o) => o.kind === "spend")!;
        assert.equal(spend.status, "rejected", spend.issues.lines().join("\n"));
        assert.equal(spend.removed, 0);
        const rows = [];
        for await (const row of store.spendRows()) rows.push(row.id);
        assert.equal(rows.length, 6);
      });
  });

  it("imports the valid rows with --skip-invalid and says how many were skipped; a dry run writes nothing", async () => {
    const dry = new LocalDataStore(temporaryDataDirectory());
    const dryRun = await importFixture(dry, "acme", { dryRun: true });
    assert.ok(dryRun.outcomes.every((o) => o.status === "validated"));
    assert.equal(await dry.loadSummary(), undefined);
    const store = new LocalDataStore(temporaryDataDirectory());
    const result = await importFixture(store, "bad", { skipInvalid: true, only: new Set(["suppliers", "spend"]) });
    const spend = result.outcomes.find((o) => o.kind === "spend")!;
    assert.deepEqual([spend.status, spend.read, spend.skipped, spend.inserted], ["imported", 7, 5, 2]);
  });
});
