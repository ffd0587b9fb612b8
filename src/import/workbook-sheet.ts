import { stat } from "node:fs/promises";
import { StringDecoder } from "node:string_decoder";
import unzipper from "unzipper";
import { IMPORT_LIMITS, rowLengthProblem } from "./limits";
import type { CsvKind } from "./mapping";
import { isEmptyRecord, type CellProblem, type TableRow } from "./table-file";
import { describeWorkbook, readSharedStrings, xmlParser } from "./workbook-parts";
import { XmlTextRunBound } from "./xml-text-runs";
import { boundedBytes, checkDeclaredSizes, checkInflatedSizes, FileRefusedError } from "./zip-bounds";

export interface SheetRequest {
  file: string;
  kind: CsvKind;
  sheet: string | undefined;
  decimalComma: boolean;
}

/** Rows a batch holds, as the worker posts it at once: one message per row would cost more than the row. */
const BATCH_ROWS = 2_000;

const WORKSHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;

const partLimit = (name: string) => (WORKSHEET_PART.test(name) ? IMPORT_LIMITS.workbookUnpackedBytes : IMPORT_LIMITS.workbookPartBytes);

/**
 * No cell, row or style object is made: at a million rows those cost more than the XML. Declared sizes are checked before anything is
 * inflated; inflated sizes before the first row (on zlib's threads, while the shared strings are parsed).
 */
export async function openSheet(request: SheetRequest, onBytes: (read: number) => void) {
  const { file, kind, sheet: wanted, decimalComma } = request;
  const declared = await checkDeclaredSizes(file, IMPORT_LIMITS.workbookUnpackedBytes, partLimit);
  const inflated = checkInflatedSizes(file, declared);
  // Settled here too, so that a refusal while the strings are still read is never an unhandled rejection.
  inflated.catch(() => {});
  const archive = await unzipper.Open.file(file);
  const book = await describeWorkbook(archive);
  const sheet = wanted === undefined ? book.sheets[0] : book.sheets.find((candidate) => candidate.name === wanted);
  const entry = sheet && archive.files.find((candidate) => candidate.path === sheet.part);
  if (sheet === undefined || entry === undefined) {
    await inflated;
    throw new FileRefusedError(
      book.sheets.length === 0 || (wanted === undefined && entry === undefined)
        ? "the workbook has no worksheet"
        : `no worksheet named ${JSON.stringify(wanted)} (it has ${book.sheets.map(({ name }) => JSON.stringify(name)).join(", ")}; set sheets: ${kind}: in the mapping)`,
      "sheet",
    );
  }
  const strings = await readSharedStrings(archive.files.find((candidate) => candidate.path === book.sharedStrings));
  await inflated;
  const { size } = await stat(file);
  // Progress in the file's bytes, by the share of the sheet's XML read.
  const progress = (read: number) => onBytes(Math.min(size, Math.round((read / Math.max(1, entry.uncompressedSize)) * size)));
  const counts = { emptyRows: 0 };
  return { name: sheet.name, date1904: book.date1904, rows: sheetRows(entry, strings, decimalComma, progress, counts), counts };
}

/** A cell being read; `capturing`: whether text goes into `text` (inside <v>, or inside an inline string's <t>, not its phonetic guide). */
const NO_CELL = { at: -1, type: "", formula: false, saved: false, text: "", capturing: false, phonetic: 0 };
type CellState = typeof NO_CELL;

async function* sheetRows(
  entry: unzipper.File,
  strings: readonly string[],
  decimalComma: boolean,
  progress: (inflated: number) => void,
  counts: { emptyRows: number },
): AsyncGenerator<TableRow[]> {
  // Four bytes a character and an entity's length: a text cut short still has more characters than a row may.
  const bound = new XmlTextRunBound(4 * IMPORT_LIMITS.rowChars + 16);
  let batch: TableRow[] = [];
  let line = 0;
  let values: string[] = [];
  let problems: CellProblem[] | undefined;
  let tooLong: CellProblem | undefined;
  let rowChars = 0;
  const cell: CellState = { ...NO_CELL };
  const parser = xmlParser({
    open(name, attributes) {
      if (name === "c") {
        cell.at = attributes.r === undefined ? cell.at + 1 : columnIndex(attributes.r);
        cell.type = attributes.t ?? "n";
        cell.formula = false;
        cell.saved = false;
        cell.text = "";
      } else if (name === "v") cell.capturing = cell.saved = true;
      else if (name === "t") cell.capturing = cell.phonetic === 0;
      else if (name === "f") cell.formula = true;
      else if (name === "rPh") cell.phonetic += 1;
      else if (name === "row") {
        line = attributes.r === undefined ? line + 1 : Number(attributes.r);
        values = [];
        problems = undefined;
        tooLong = undefined;
        rowChars = 0;
        cell.at = -1;
      }
    },
    text(text) {
      if (cell.capturing && tooLong === undefined) cell.text += text;
    },
    close(name) {
      if (name === "v" || name === "t") cell.capturing = false;
      else if (name === "rPh") cell.phonetic -= 1;
      else if (name === "c") {
        if (tooLong !== undefined) return;
        const value = cellText(cell, strings, decimalComma);
        const text = typeof value === "string" ? value : "";
        rowChars += text.length;
        if (rowChars > IMPORT_LIMITS.rowChars) {
          tooLong = { at: cell.at, reason: rowLengthProblem() };
          return;
        }
        while (values.length < cell.at) values.push("");
        values[cell.at] = text;
        if (typeof value !== "string") (problems ??= []).push({ at: cell.at, reason: value.problem });
      } else if (name === "row") {
        if (tooLong !== undefined) batch.push({ line, values: [], rowProblem: tooLong });
        else if (isEmptyRecord(values)) counts.emptyRows += 1;
        else batch.push(problems ? { line, values, unreadable: problems } : { line, values });
      }
    },
  });
  const decoder = new StringDecoder("utf8");
  let inflated = 0;
  for await (const chunk of boundedBytes(entry.path, entry.uncompressedSize, entry.stream())) {
    inflated += chunk.length;
    progress(inflated);
    parser.write(decoder.write(bound.pass(chunk)));
    if (batch.length >= BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  parser.write(decoder.end());
  parser.close();
  if (batch.length > 0) yield batch;
}

function columnIndex(reference: string): number {
  let column = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

function cellText(
  { type, formula, saved, text }: CellState,
  strings: readonly string[],
  decimalComma: boolean,
): string | { problem: string } {
  switch (type) {
    case "s":
      return strings[Number(text)] ?? { problem: "a cell value that cannot be read" };
    case "inlineStr":
    case "str":
    case "d":
      break;
    case "b":
      return text === "" ? "" : text !== "0" ? "true" : "false";
    case "e":
      return { problem: `the cell holds the error ${text}` };
    default: {
      if (text === "") break;
      const number = Number(text);
      if (!Number.isFinite(number)) return { problem: "a cell value that cannot be read" };
      // String(n) never groups digits, so the comma is the only separator the reader sees.
      return decimalComma ? String(number).replace(".", ",") : String(number);
    }
  }
  if (formula && !saved) return { problem: "a formula with no saved result (open the workbook in Excel and save it)" };
  return text;
}
