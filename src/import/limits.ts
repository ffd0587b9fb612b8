import { STORED_TEXT_LIMITS } from "../domain/procurement";

/** Every import size limit (docs/security.md): a 50 MB supplier name once broke every answer, a 487 KB .docx unpacked to 500 MB. */
export const IMPORT_LIMITS = {
  ...STORED_TEXT_LIMITS,
  /** A whole row: a reader holds a field whole (an unclosed quote once grew to 300 MB, "Invalid string length"). */
  rowChars: 1_000_000,
  documentFileBytes: 20 * 1024 * 1024,
  documentUnpackedBytes: 64 * 1024 * 1024,
  /** Worksheets are streamed, so a million-row sheet of hundreds of MB fits. */
  workbookUnpackedBytes: 4 * 1024 * 1024 * 1024,
  /** Any other .xlsx part; shared strings are held whole, up to 13 times their size (127 MB peaked at 1.7 GB): this fits a million rows. */
  workbookPartBytes: 128 * 1024 * 1024,
  documentChars: 2_000_000,
  pdfPages: 500,
} as const;

export function rowLengthProblem(chars?: number): string {
  const limit = IMPORT_LIMITS.rowChars.toLocaleString("en");
  const row =
    chars === undefined
      ? `a row of more than the ${limit} characters`
      : `a row of ${chars.toLocaleString("en")} characters, over the ${limit}`;
  return `${row} a row may have (it passes them in this column): the row is not read`;
}

const ID_COLUMNS = new Set([
  "id",
  "supplierId",
  "contractId",
  "currency",
  "key",
  "language",
  "status",
  "riskRating",
  "poNumber",
  "version",
]);
const NAME_COLUMNS = new Set(["name", "title", "category", "unit", "region", "costCenter", "source"]);
const PATH_COLUMNS = new Set(["document", "file", "url"]);

export function fieldLimit(column: string): { chars: number; kind: string } {
  if (ID_COLUMNS.has(column)) return { chars: IMPORT_LIMITS.idChars, kind: "an identifier" };
  if (NAME_COLUMNS.has(column)) return { chars: IMPORT_LIMITS.nameChars, kind: "a name" };
  if (PATH_COLUMNS.has(column)) return { chars: IMPORT_LIMITS.pathChars, kind: "a path or link" };
  return { chars: IMPORT_LIMITS.textChars, kind: "a value" };
}

export function fieldLengthProblem(column: string, value: string): string | undefined {
  // Nearly every cell is shorter than the smallest limit: no column lookup for them (a million spend rows).
  if (value.length <= IMPORT_LIMITS.idChars) return undefined;
  const limit = fieldLimit(column);
  if (value.length <= limit.chars) return undefined;
  return `${value.length.toLocaleString("en")} characters: ${limit.kind} has at most ${limit.chars.toLocaleString("en")}`;
}
