import { DocumentUrlSchema } from "../domain";
import { fieldLengthProblem, fieldLimit } from "./limits";
import { dateReader, type Mapping } from "./mapping";
import type { CellProblem, CellSource } from "./table-file";

const TRUE = new Set(["true", "yes", "y", "1", "t", "x"]);
const FALSE = new Set(["false", "no", "n", "0", "f", ""]);

/** Value translations from the mapping first, then the type; failures are collected, so a row reports all its bad columns at once. */
export class FieldReader {
  readonly problems: { column: string; reason: string }[] = [];
  private readonly readDate: (text: string) => string | undefined;
  private values: readonly string[] = [];
  private unreadable: readonly CellProblem[] | undefined;

  /** Our name of the column at each position the file has one for. */
  readonly columnAt: ReadonlyMap<number, string>;

  constructor(
    private readonly mapping: Mapping,
    readonly columns: ReadonlyMap<string, number>,
    private readonly cells: CellSource = { kind: "text" },
  ) {
    this.columnAt = new Map([...columns].map(([column, at]) => [at, column]));
    const readText = dateReader(mapping.dateFormat);
    this.readDate = cells.kind === "workbook" ? workbookDateReader(readText, cells.date1904) : readText;
  }

  forColumn(column: string): FieldReader {
    return new FieldReader(this.mapping, new Map([[column, 0]]), this.cells);
  }

  /** `unreadable`: values the file's reader could not read, each a problem of its column (a column the import ignores loses nothing). */
  reset(values: readonly string[], unreadable?: readonly CellProblem[]): this {
    this.values = values;
    this.problems.length = 0;
    this.unreadable = unreadable;
    for (const { at, reason } of unreadable ?? []) {
      const column = this.columnAt.get(at);
      if (column !== undefined) this.problems.push({ column, reason });
    }
    return this;
  }

  /** A value past its column's length limit is the row's issue (once) and is cut, so no message or record carries a huge cell. */
  raw(column: string): string {
    const at = this.columns.get(column);
    const text = at === undefined ? "" : (this.values[at] ?? "").trim();
    const value = this.mapping.values[column]?.[text] ?? text;
    const tooLong = fieldLengthProblem(column, value);
    if (tooLong === undefined) return value;
    if (!this.problems.some((problem) => problem.column === column && problem.reason === tooLong)) this.fail(column, tooLong);
    return value.slice(0, fieldLimit(column).chars);
  }

  text(column: string, options: { required?: boolean; fallback?: string } = {}): string {
    const value = this.raw(column);
    if (value === "" && options.required) this.fail(column, "required value is empty");
    return value === "" ? (options.fallback ?? "") : value;
  }

  number(column: string, options: { required?: boolean; fallback?: number; min?: number; max?: number; integer?: boolean } = {}): number {
    let value = this.raw(column);
    if (value === "") {
      if (options.required) this.fail(column, "required value is empty");
      return options.fallback ?? 0;
    }
    value = this.mapping.decimalComma ? value.replace(/\./g, "").replace(",", ".") : value.replace(/,/g, "");
    const number = Number(value);
    if (value === "" || !Number.isFinite(number)) return this.fail(column, `not a number (${JSON.stringify(this.raw(column))})`, 0);
    if (options.integer && !Number.isInteger(number)) return this.fail(column, `not a whole number (${value})`, 0);
    if (options.min !== undefined && number < options.min) return this.fail(column, `${number} is below ${options.min}`, 0);
    if (options.max !== undefined && number > options.max) return this.fail(column, `${number} is above ${options.max}`, 0);
    return number;
  }

  nullableNumber(column: string, options: { min?: number; max?: number; integer?: boolean } = {}): number | null {
    return this.raw(column) === "" ? null : this.number(column, options);
  }

  date(column: string, options: { required?: boolean } = {}): string {
    const value = this.raw(column);
    if (value === "") {
      if (options.required) this.fail(column, "required date is empty");
      return "";
    }
    return this.readDate(value) ?? this.fail(column, `bad date ${JSON.stringify(value)} (expected ${this.mapping.dateFormat})`, "");
  }

  boolean(column: string): boolean {
    const value = this.raw(column).toLowerCase();
    if (TRUE.has(value)) return true;
    if (FALSE.has(value)) return false;
    return this.fail(column, `not a yes/no value (${JSON.stringify(value)})`, false);
  }

  url(column: string): string | undefined {
    const value = this.raw(column);
    if (value === "") return undefined;
    const problem = documentUrlProblem(value);
    return problem === undefined ? value : this.fail(column, problem);
  }

  list(column: string): string[] {
    return this.raw(column)
      .split(";")
      .map((item) => item.trim())
      .filter(Boolean);
  }

  oneOf<T extends string>(column: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(column).toLowerCase();
    if (value === "") return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    return this.fail(column, `${JSON.stringify(value)} is not one of ${allowed.join(", ")}`, fallback);
  }

  fail<T>(column: string, reason: string, value?: T): T {
    // A value that could not be read is reported as such, not again as empty or malformed.
    if (!this.unreadable?.some((problem) => problem.at === this.columns.get(column))) this.problems.push({ column, reason });
    return value as T;
  }
}

const readIsoDate = dateReader("YYYY-MM-DD");
/** Day 0 of Excel's date serials: 1899-12-30, so that 1 is 1900-01-01 past Excel's phantom 1900-02-29 (old Mac workbooks: 1904-01-01). */
const SERIAL_EPOCH_MS = Date.UTC(1899, 11, 30);
const SERIAL_EPOCH_1904_MS = Date.UTC(1904, 0, 1);
/** 1900-03-01: serials before it count Excel's phantom leap day, so they are not read. */
const FIRST_SERIAL = 61;
const LAST_SERIAL = 2_958_465;

/** Text in the mapping's format, an ISO date (a date cell as the reader renders it), or a date serial (its time of day dropped). */
function workbookDateReader(readText: (text: string) => string | undefined, date1904: boolean): (text: string) => string | undefined {
  return (text) => {
    const read = readText(text) ?? readIsoDate(text);
    if (read !== undefined || !/^\d+([.,]\d+)?$/.test(text)) return read;
    const serial = Math.floor(Number(text.replace(",", ".")));
    if (serial > LAST_SERIAL || (!date1904 && serial < FIRST_SERIAL)) return undefined;
    return new Date((date1904 ? SERIAL_EPOCH_1904_MS : SERIAL_EPOCH_MS) + serial * 86_400_000).toISOString().slice(0, 10);
  };
}

export function documentUrlProblem(text: string): string | undefined {
  return DocumentUrlSchema.safeParse(text).success ? undefined : `not an https URL (${JSON.stringify(text)})`;
}
