import type { SpendTransaction, Supplier } from "../domain";
import { toSen } from "../domain/amounts";
import { fiscalYearOf } from "../domain/fiscal-year";
import type { FieldReader } from "./fields";

export interface SpendReferences {
  suppliers: ReadonlyMap<string, Supplier>;
  contracts: ReadonlySet<string>;
  ratesToJpy: Readonly<Record<string, number>>;
  fiscalYearStartMonth: number;
}

/** Columns whose texts repeat are read once per distinct text; problems come as supplier, date, amount, currency, contract, id. */
export class SpendRowReader {
  private readonly columns: ReadonlyMap<string, number>;
  private readonly supplier: ReadOnce<{ id: string; supplier: Supplier | undefined; category: string }>;
  private readonly date: ReadOnce<{ date: string; fiscalYear: string }>;
  private readonly currency: ReadOnce<{ code: string; rate: number | undefined }>;
  private readonly category: ReadOnce<string>;
  private readonly costCenter: ReadOnce<string>;

  constructor(
    fields: FieldReader,
    private readonly references: SpendReferences,
  ) {
    this.columns = fields.columns;
    this.supplier = new ReadOnce(fields, "supplierId", (f) => {
      const id = f.text("supplierId", { required: true });
      const supplier = references.suppliers.get(id);
      if (id !== "" && supplier === undefined) f.fail("supplierId", `unknown supplier ${JSON.stringify(id)}`);
      return { id, supplier, category: (supplier?.category ?? "").toLowerCase() };
    });
    this.date = new ReadOnce(fields, "date", (f) => {
      const date = f.date("date", { required: true });
      return { date, fiscalYear: date === "" ? "" : fiscalYearOf(date, references.fiscalYearStartMonth) };
    });
    this.currency = new ReadOnce(fields, "currency", (f) => {
      const code = f.text("currency", { required: true }).toUpperCase();
      const rate = references.ratesToJpy[code];
      if (code !== "" && rate === undefined) f.fail("currency", `unknown currency ${JSON.stringify(code)} (add it to fx.csv)`);
      return { code, rate };
    });
    this.category = new ReadOnce(fields, "category", (f) => f.text("category").toLowerCase());
    this.costCenter = new ReadOnce(fields, "costCenter", (f) => f.text("costCenter", { fallback: "unassigned" }));
  }

  read(f: FieldReader, values: readonly string[]): SpendTransaction {
    const supplier = this.reading(this.supplier, f, values, "supplierId");
    const date = this.reading(this.date, f, values, "date");
    const amount = f.number("amount", { required: true });
    const currency = this.reading(this.currency, f, values, "currency");
    const contractId = f.text("contractId");
    const { contracts } = this.references;
    if (contractId !== "" && contracts.size > 0 && !contracts.has(contractId))
      f.fail("contractId", `unknown contract ${JSON.stringify(contractId)}`);
    const category = this.category.get(this.cell(values, "category")).value;
    return {
      id: f.text("id", { required: true }),
      date: date.date,
      fiscalYear: date.fiscalYear,
      supplierId: supplier.id,
      supplierName: supplier.supplier?.name ?? "",
      category: category === "" ? supplier.category : category,
      costCenter: this.costCenter.get(this.cell(values, "costCenter")).value,
      amount,
      currency: currency.code,
      amountJpy: currency.rate === undefined ? 0 : toSen(amount * currency.rate),
      poNumber: f.text("poNumber"),
      contractId: contractId === "" ? null : contractId,
    };
  }

  private reading<T>(column: ReadOnce<T>, f: FieldReader, values: readonly string[], name: string): T {
    const { value, problems } = column.get(this.cell(values, name));
    for (const problem of problems) f.fail(problem.column, problem.reason);
    return value;
  }

  private cell(values: readonly string[], column: string): string {
    const at = this.columns.get(column);
    return at === undefined ? "" : (values[at] ?? "");
  }
}

/** Distinct texts remembered per column: past this, a column of mostly unique texts is read cell by cell. */
const MAX_REMEMBERED = 50_000;

/** A million spend rows hold a few thousand distinct dates; the field reader's reading of the cell alone gives the same result. */
export class ReadOnce<T> {
  private readonly readings = new Map<string, { value: T; problems: readonly { column: string; reason: string }[] }>();
  private readonly cell: FieldReader;

  constructor(
    fields: FieldReader,
    column: string,
    private readonly read: (f: FieldReader) => T,
  ) {
    this.cell = fields.forColumn(column);
  }

  get(text: string) {
    let reading = this.readings.get(text);
    if (reading === undefined) {
      const value = this.read(this.cell.reset([text]));
      reading = { value, problems: [...this.cell.problems] };
      if (this.readings.size < MAX_REMEMBERED) this.readings.set(text, reading);
    }
    return reading;
  }
}
