import { STORED_TEXT_LIMITS } from "../domain/procurement";

/**
 * Every size limit an import enforces, in one place (docs/security.md lists them). They keep one hostile or broken file from holding the
 * importer's memory or reaching the bot: a 50 MB supplier name once made every offline answer fail, a 487 KB .docx unpacked to 500 MB.
 */
export const IMPORT_LIMITS = {
  /** Per kind of cell (ids, names, paths, any other): the limits every reader of stored text also holds to. */
  ...STORED_TEXT_LIMITS,
  /**
   * A row of a table in all, before its columns are read: a CSV record, or a worksheet cell's text. A file's reader holds a field whole
   * until it ends, so this bounds its memory whatever one cell holds (a quoted field that never closes once grew to 300 MB and ended in
   * "Invalid string length"); columns the import ignores may be long, up to this.
   */
  rowChars: 1_000_000,
  /** .md, .txt, .pdf, .docx as stored. */
  documentFileBytes: 20 * 1024 * 1024,
  /** What a .docx may unpack to, by its archive's declared sizes (checked before anything is unpacked). */
  documentUnpackedBytes: 64 * 1024 * 1024,
  /** What an .xlsx may unpack to in all: its worksheets are streamed, so a million-row sheet of hundreds of MB fits. */
  workbookUnpackedBytes: 4 * 1024 * 1024 * 1024,
  /**
   * What any part of an .xlsx but a worksheet may unpack to. The reader holds the shared strings (every text cell's text) in memory, up to
   * 13 times their size as rich text (127 MB peaked at 1.7 GB); 128 MB still holds a million unique invoice ids with a unique 50-character
   * description each.
   */
  workbookPartBytes: 128 * 1024 * 1024,
  documentChars: 2_000_000,
  pdfPages: 500,
} as const;

/** `chars`: the row's length, when the reader counted it all; it passes the limit in the column the issue names. */
export function rowLengthProblem(chars?: number): string {
  const limit = IMPORT_LIMITS.rowChars.toLocaleString("en");
  const row =
    chars === undefined
      ? `a row of more than the ${limit} characters`
      : `a row of ${chars.toLocaleString("en")} characters, over the ${limit}`;
  return `${row} a row may have (it passes them in this column): the row is not read`;
}

/** Columns read as identifiers; names as names; links and paths as paths; every other column as free text. */
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
