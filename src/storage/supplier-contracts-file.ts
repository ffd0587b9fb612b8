import { existsSync } from "node:fs";
import { open, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { ContractSchema, type Contract } from "../domain";
import { once } from "../tools/lazy";
import { SystemError, describeZodError } from "../domain/errors";
import { writeFileWhole } from "../import/temporary-files";

const LINES = "contracts-by-supplier.ndjson";
const RANGES = "contracts-by-supplier.json";

/** Per supplier id, where its contracts' lines are in the NDJSON file: byte offset and length. */
const RangesSchema = z.record(z.string(), z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]));

function invalidDataFile(file: string, reason: string): SystemError {
  return new SystemError(`${file} is not a valid data file (${reason}); import the data again`);
}

/** Undefined when the file is absent. */
export async function readDataFile<S extends z.ZodTypeAny>(file: string, schema: S): Promise<z.output<S> | undefined> {
  if (!existsSync(file)) return undefined;
  const text = await readFile(file, "utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalidDataFile(file, (error as Error).message);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw invalidDataFile(file, describeZodError(parsed.error, { limit: 3 }));
  return parsed.data as z.output<S>;
}

/** A question about one supplier then reads that supplier's few contracts, not ten megabytes of every contract. */
export async function writeSupplierContracts(directory: string, contracts: readonly Contract[]): Promise<void> {
  const bySupplier = new Map<string, string>();
  for (const contract of contracts)
    bySupplier.set(contract.supplierId, `${bySupplier.get(contract.supplierId) ?? ""}${JSON.stringify(contract)}\n`);
  const ranges: Record<string, [number, number]> = {};
  let offset = 0;
  const chunks = [...bySupplier].map(([supplierId, lines]) => {
    const chunk = Buffer.from(lines);
    ranges[supplierId] = [offset, chunk.length];
    offset += chunk.length;
    return chunk;
  });
  // The lines first, their ranges last: a reader finding the ranges finds the lines they describe.
  await writeFileWhole(path.join(directory, LINES), Buffer.concat(chunks));
  await writeFileWhole(path.join(directory, RANGES), JSON.stringify(ranges));
}

/** `undefined` when the directory was written before contracts were kept by supplier: the caller falls back to every contract. */
export class SupplierContractsFile {
  private readonly ranges = once(() => readDataFile(path.join(this.directory, RANGES), RangesSchema));
  /** Each supplier's contracts once read: a run asks for the same supplier from several tools. */
  private readonly read = new Map<string, Promise<Contract[] | undefined>>();

  constructor(private readonly directory: string) {}

  contractsOf(supplierId: string): Promise<Contract[] | undefined> {
    let contracts = this.read.get(supplierId);
    if (contracts === undefined) {
      this.read.set(supplierId, (contracts = this.readContracts(supplierId)));
      contracts.catch(() => this.read.delete(supplierId));
    }
    return contracts;
  }

  private async readContracts(supplierId: string): Promise<Contract[] | undefined> {
    const ranges = await this.ranges();
    if (ranges === undefined) return undefined;
    const range = ranges[supplierId];
    if (range === undefined) return [];
    const file = path.join(this.directory, LINES);
    const bytes = Buffer.alloc(range[1]);
    const handle = await open(file);
    try {
      await handle.read(bytes, 0, range[1], range[0]);
    } finally {
      await handle.close();
    }
    const invalid = (reason: string) => invalidDataFile(file, `the contracts of ${supplierId} are not where ${RANGES} says: ${reason}`);
    let lines: unknown[];
    try {
      lines = bytes
        .toString("utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as unknown);
    } catch (error) {
      throw invalid((error as Error).message);
    }
    const parsed = z.array(ContractSchema).safeParse(lines);
    if (!parsed.success) throw invalid(describeZodError(parsed.error, { limit: 3 }));
    if (parsed.data.some((contract) => contract.supplierId !== supplierId)) throw invalid("another supplier's contracts");
    return parsed.data;
  }
}
