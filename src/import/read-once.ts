import type { FieldReader } from "./fields";

/** A column's value as read from one cell's text, with what is wrong with it. */
export interface CellReading<T> {
  value: T;
  problems: readonly { column: string; reason: string }[];
}

/** Distinct texts remembered per column: past this, a column of mostly unique texts is read cell by cell. */
const MAX_REMEMBERED = 50_000;

/**
 * Reads a column whose cells repeat (dates, supplier ids, currencies) once per distinct text rather than once per row: a million spend rows
 * hold a few thousand distinct dates. The reading is the field reader's own, on the cell alone, so values and problems are exactly the
 * same; the values are shared by every row with that text.
 */
export class ReadOnce<T> {
  private readonly readings = new Map<string, CellReading<T>>();
  private readonly cell: FieldReader;

  /** `fields`: the row reader whose way of reading cells this column follows. */
  constructor(
    fields: FieldReader,
    column: string,
    private readonly read: (f: FieldReader) => T,
  ) {
    this.cell = fields.forColumn(column);
  }

  get(text: string): CellReading<T> {
    let reading = this.readings.get(text);
    if (reading === undefined) {
      const value = this.read(this.cell.reset([text]));
      reading = { value, problems: [...this.cell.problems] };
      if (this.readings.size < MAX_REMEMBERED) this.readings.set(text, reading);
    }
    return reading;
  }
}
