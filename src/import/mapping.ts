import { readFile } from "node:fs/promises";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { ConfigurationError, describeZodError } from "../domain/errors";
import { ENCODING_NAMES, encodingNamed } from "./text-encoding";

/** Columns each CSV must have (the others may be missing or empty). */
export const REQUIRED_COLUMNS = {
  fx: ["currency", "rateToJpy"],
  suppliers: ["id", "name", "category"],
  spend: ["id", "date", "supplierId", "amount", "currency"],
  contracts: ["id", "supplierId", "title", "startDate", "endDate"],
  benchmarks: ["category", "unit", "currency", "p25", "median", "p75"],
  policies: ["file", "key", "language", "title", "version", "effectiveDate"],
} as const;
export type CsvKind = keyof typeof REQUIRED_COLUMNS;

const DATE_FORMAT = z
  .string()
  .regex(/^(?=.*YY)(?=.*M)(?=.*D)[YMD./\- ]+$/, "a date format built from YYYY/YY, MM/M, DD/D and separators, e.g. DD.MM.YYYY");

const ENCODING = z.string().transform((name, context) => {
  const encoding = encodingNamed(name);
  if (encoding === undefined)
    context.addIssue({ code: z.ZodIssueCode.custom, message: `unknown encoding "${name}" (use ${ENCODING_NAMES})` });
  return encoding ?? z.NEVER;
});

/** A setting per kind, each optional. */
function perKind<T extends z.ZodTypeAny>(setting: T) {
  const settings = Object.keys(REQUIRED_COLUMNS).map((kind) => [kind, setting.optional()]);
  return z.object(Object.fromEntries(settings) as Record<CsvKind, z.ZodOptional<T>>).strict();
}

/**
 * How a real export's files map to ours (a kind's file is <kind>.csv unless named); columns are ours → theirs, values translate
 * (preferred: { Y: true, N: false }).
 */
export const MappingSchema = z
  .object({
    files: perKind(z.string().min(1)).default({}),
    columns: perKind(z.record(z.string(), z.string().min(1))).default({}),
    dateFormat: DATE_FORMAT.default("YYYY-MM-DD"),
    /** Unset: the most frequent of `,` tab `;` in each CSV's header line. */
    delimiter: z.string().min(1).max(2).optional(),
    /** One encoding for every CSV, or one per kind; unset: detected per file. */
    encoding: z.union([ENCODING, perKind(ENCODING)]).optional(),
    /** The worksheet each kind is read from when its file is a workbook; unset: the first. */
    sheets: perKind(z.string().min(1)).default({}),
    decimalComma: z.boolean().default(false),
    values: z.record(z.string(), z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String))).default({}),
  })
  .strict();
export type Mapping = z.infer<typeof MappingSchema>;

export const DEFAULT_MAPPING: Mapping = MappingSchema.parse({});

export async function loadMapping(file: string): Promise<Mapping> {
  let raw: unknown;
  try {
    raw = parseYaml(await readFile(file, "utf8"));
  } catch (error) {
    throw new ConfigurationError(`mapping file ${file}: ${(error as Error).message}`);
  }
  const parsed = MappingSchema.safeParse(raw ?? {});
  if (!parsed.success) throw new ConfigurationError(`mapping file ${file}: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/** ISO YYYY-MM-DD, or undefined when the text is not a real date in that format ("2025-02-30" is not). */
export function dateReader(format: string): (text: string) => string | undefined {
  const order: ("Y" | "M" | "D")[] = [];
  // A two-digit year is this century's.
  let century = 0;
  const pattern = format.replace(/YYYY|YY|MM|M|DD|D|[./\- ]/g, (token) => {
    if (token === "YYYY") return (order.push("Y"), (century = 0), "(\\d{4})");
    if (token === "YY") return (order.push("Y"), (century = 2000), "(\\d{2})");
    if (token.startsWith("M")) return (order.push("M"), "(\\d{1,2})");
    if (token.startsWith("D")) return (order.push("D"), "(\\d{1,2})");
    return `\\${token}`;
  });
  const regex = new RegExp(`^${pattern}$`);
  return (text) => {
    const match = regex.exec(text.trim());
    if (!match) return undefined;
    const date = { Y: 0, M: 0, D: 0 };
    order.forEach((part, i) => (date[part] = Number(match[i + 1])));
    const [year, month, day] = [century + date.Y, date.M, date.D];
    // Checked and formatted without a Date: this runs once per spend row.
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
    return `${String(year).padStart(4, "0")}-${month < 10 ? "0" : ""}${month}-${day < 10 ? "0" : ""}${day}`;
  };
}

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}
