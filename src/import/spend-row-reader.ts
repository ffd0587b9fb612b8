import type { SpendTransaction } from "../domain";
import { toSen } from "../domain/amounts";
import { fiscalYearOf } from "../domain/fiscal-year";
import type { FieldReader } from "./fields";
import type { ImportRun } from "./import-run";

/** Problems come as supplier, date, amount, currency, contract, category, cost centre, id. Suppliers and rates are the run's so far. */
export function spendRowReader(
  fields: FieldReader,
  run: ImportRun,
  contracts: ReadonlySet<string>,
): (f: FieldReader, values: readonly string[]) => SpendTransaction {
  const supplierOf = readOnce(fields, "supplierId", (f) => {
    const id = f.text("supplierId", { required: true });
    const supplier = run.suppliers.get(id);
    if (id !== "" && supplier === undefined) f.fail("supplierId", `unknown supplier ${JSON.stringify(id)}`);
    return { id, supplier, category: (supplier?.category ?? "").toLowerCase() };
  });
  const dateOf = readOnce(fields, "date", (f) => {
    const date = f.date("date", { required: true });
    return { date, fiscalYear: date === "" ? "" : fiscalYearOf(date, run.options.fiscalYearStartMonth) };
  });
  const currencyOf = readOnce(fields, "currency", (f) => {
    const code = f.text("currency", { required: true }).toUpperCase();
    const rate = run.rates[code];
    if (code !== "" && rate === undefined) f.fail("currency", `unknown currency ${JSON.stringify(code)} (add it to fx.csv)`);
    return { code, rate };
  });
  const categoryOf = readOnce(fields, "category", (f) => f.text("category").toLowerCase());
  const costCenterOf = readOnce(fields, "costCenter", (f) => f.text("costCenter", { fallback: "unassigned" }));
  return (f, values) => {
    const supplier = supplierOf(values, f);
    const date = dateOf(values, f);
    const amount = f.number("amount", { required: true });
    const currency = currencyOf(values, f);
    const contractId = f.text("contractId");
    if (contractId !== "" && contracts.size > 0 && !contracts.has(contractId))
      f.fail("contractId", `unknown contract ${JSON.stringify(contractId)}`);
    const category = categoryOf(values, f);
    return {
      id: f.text("id", { required: true }),
      date: date.date,
      fiscalYear: date.fiscalYear,
      supplierId: supplier.id,
      supplierName: supplier.supplier?.name ?? "",
      category: category === "" ? supplier.category : category,
      costCenter: costCenterOf(values, f),
      amount,
      currency: currency.code,
      amountJpy: currency.rate === undefined ? 0 : toSen(amount * currency.rate),
      poNumber: f.text("poNumber"),
      contractId: contractId === "" ? null : contractId,
    };
  };
}

/** Distinct texts remembered per column: past this, a column of mostly unique texts is read cell by cell. */
const MAX_REMEMBERED = 50_000;

/**
 * A million spend rows hold a few thousand distinct dates: a column is read once per distinct text, which gives what the field reader's
 * reading of the cell alone gives. Its problems go to `f` when one is given.
 */
function readOnce<T>(fields: FieldReader, column: string, read: (f: FieldReader) => T) {
  const readings = new Map<string, { value: T; problems: readonly { column: string; reason: string }[] }>();
  const cell = fields.forColumn(column);
  const at = fields.columns.get(column);
  return (values: readonly string[], f?: FieldReader): T => {
    const text = at === undefined ? "" : (values[at] ?? "");
    let reading = readings.get(text);
    if (reading === undefined) {
      const value = read(cell.reset([text]));
      reading = { value, problems: [...cell.problems] };
      if (readings.size < MAX_REMEMBERED) readings.set(text, reading);
    }
    if (f) for (const problem of reading.problems) f.fail(problem.column, problem.reason);
    return reading.value;
  };
}
