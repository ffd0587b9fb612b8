import assert from "node:assert/strict";
import {
  ContractSchema,
  PolicyDocumentSchema,
  PriceBenchmarkSchema,
  SpendTransactionSchema,
  SupplierSchema,
  type ProcurementDataSet,
} from "../../../../src/domain";
import { toJpy } from "../../../../src/domain/amounts";
import { fiscalYearOf } from "../../../../src/domain/fiscal-year";
import { generateSampleDataSet } from "../../../../src/tools/sample-data";

describe("generateSampleDataSet", () => {
  let data: ProcurementDataSet;
  before(() => {
    data = generateSampleDataSet();
  });

  it("is identical on every call (seeded)", () => {
    const again = generateSampleDataSet();
    assert.deepEqual(again.suppliers, data.suppliers);
    assert.deepEqual(again.contracts, data.contracts);
    assert.equal(again.spend.length, data.spend.length);
    assert.deepEqual(again.spend.slice(-50), data.spend.slice(-50));
    assert.equal(
      again.spend.reduce((sum, t) => sum + t.amountJpy, 0),
      data.spend.reduce((sum, t) => sum + t.amountJpy, 0),
    );
  });

  it("has the promised sizes", () => {
    assert.ok(data.suppliers.length >= 40, `${data.suppliers.length} suppliers`);
    assert.ok(data.contracts.length >= 60, `${data.contracts.length} contracts`);
    assert.ok(data.spend.length >= 10_000, `${data.spend.length} transactions`);
    assert.ok(new Set(data.spend.map((t) => t.category)).size >= 12);
    assert.deepEqual([...new Set(data.spend.map((t) => t.currency))].sort(), ["EUR", "JPY", "USD"]);
    assert.deepEqual([...new Set(data.spend.map((t) => t.fiscalYear))].sort(), ["FY2024", "FY2025", "FY2026"]);
    assert.ok(data.benchmarks.length >= 12);
  });

  it("passes the domain schemas for every record", () => {
    for (const supplier of data.suppliers) SupplierSchema.parse(supplier);
    for (const contract of data.contracts) ContractSchema.parse(contract);
    for (const transaction of data.spend) SpendTransactionSchema.parse(transaction);
    for (const policy of data.policies) PolicyDocumentSchema.parse(policy);
    for (const benchmark of data.benchmarks) PriceBenchmarkSchema.parse(benchmark);
  });

  it("keeps references, dates and currencies consistent", () => {
    const suppliers = new Map(data.suppliers.map((s) => [s.id, s]));
    const contracts = new Map(data.contracts.map((c) => [c.id, c]));
    assert.equal(new Set(data.spend.map((t) => t.id)).size, data.spend.length, "unique transaction ids");
    assert.equal(contracts.size, data.contracts.length, "unique contract ids");
    for (const contract of data.contracts) {
      assert.equal(suppliers.get(contract.supplierId)?.name, contract.supplierName, contract.id);
      assert.ok(contract.startDate <= contract.endDate, contract.id);
    }
    for (const t of data.spend) {
      assert.equal(suppliers.get(t.supplierId)?.name, t.supplierName, t.id);
      assert.equal(t.fiscalYear, fiscalYearOf(t.date), t.id);
      assert.equal(t.amountJpy, toJpy(t.amount, t.currency as "JPY" | "USD" | "EUR"), t.id);
      assert.match(t.poNumber, /^PO-20\d{2}-\d{6}$/);
      if (t.contractId !== null) {
        const contract = contracts.get(t.contractId);
        assert.equal(contract?.supplierId, t.supplierId, t.id);
        assert.ok(contract.startDate <= t.date && t.date <= contract.endDate, t.id);
      }
    }
    assert.ok(data.spend.every((t) => t.date >= "2024-04-01" && t.date <= "2026-11-20"));
  });

  it("flags a few suppliers for sanctions and stops their spend", () => {
    const flagged = data.suppliers.filter((s) => s.sanctionsFlag);
    assert.ok(flagged.length >= 2 && flagged.length <= 5, `${flagged.length} flagged`);
    for (const supplier of flagged) {
      const last = data.spend.filter((t) => t.supplierId === supplier.id).at(-1);
      assert.ok(last && last.date < "2025-04-01", `${supplier.name} still paid after FY2024`);
    }
  });

  it("contains the Acme SaaS contract with a 5% cap, renewing within months of the as-of date", () => {
    const acme = data.suppliers.find((s) => s.name === "Acme Cloud Software");
    assert.ok(acme);
    assert.ok(acme.aliases.includes("Acme") && acme.aliases.includes("アクメ"));
    const contract = data.contracts.find((c) => c.supplierId === acme.id && c.category === "saas");
    assert.equal(contract?.priceCapPct, 5);
    assert.ok(contract.endDate > "2026-11-21" && contract.endDate < "2027-06-01", contract.endDate);
    assert.match(contract.clauses.find((c) => c.kind === "price_adjustment")?.text ?? "", /5%/);
    for (const kind of ["term", "renewal", "termination", "liability", "payment"])
      assert.ok(
        contract.clauses.some((c) => c.kind === kind),
        kind,
      );
  });

  it("gives one supplier the A社 / 取引先A社 aliases, with spend in FY2024 and FY2025", () => {
    const a = data.suppliers.filter((s) => s.aliases.includes("A社") && s.aliases.includes("取引先A社"));
    assert.equal(a.length, 1);
    const years = new Set(data.spend.filter((t) => t.supplierId === a[0].id).map((t) => t.fiscalYear));
    assert.ok(years.has("FY2024") && years.has("FY2025"));
  });

  it("has every policy in English and Japanese with the same section ids", () => {
    const keys = [...new Set(data.policies.map((p) => p.policyKey))];
    assert.ok(keys.length >= 8, `${keys.length} policies`);
    for (const key of keys) {
      const en = data.policies.find((p) => p.policyKey === key && p.language === "en");
      const ja = data.policies.find((p) => p.policyKey === key && p.language === "ja");
      assert.ok(en && ja, key);
      assert.deepEqual(
        ja.sections.map((s) => s.id),
        en.sections.map((s) => s.id),
        key,
      );
      assert.ok(
        en.sections.every((s) => s.text.length > 40),
        key,
      );
    }
    const matrix = data.policies.find((p) => p.id === "POL-APPROVAL-MATRIX-en");
    assert.match(matrix?.sections.find((s) => s.id === "POL-APPROVAL-MATRIX §3")?.text ?? "", /¥10,000,000.*CPO[\s\S]*¥50,000,000.*CFO/);
  });
});
