import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { JsonLinesWriter, readJsonLines } from "./json-lines";
import { tracked } from "./temporary-files";

/** Validated spend rows as JSON lines in a temporary file, until the file is accepted. */
export class SpendSpool {
  private constructor(
    private readonly directory: ReturnType<typeof tracked>,
    private readonly out: JsonLinesWriter,
  ) {}

  static async open(): Promise<SpendSpool> {
    const directory = tracked(await mkdtemp(path.join(os.tmpdir(), "procura-spend-")));
    return new SpendSpool(directory, new JsonLinesWriter(SpendSpool.file(directory.path)));
  }

  add(line: string): Promise<void> {
    return this.out.add(line);
  }

  close(): Promise<void> {
    return this.out.close();
  }

  lines(): AsyncIterable<string> {
    return readJsonLines(SpendSpool.file(this.directory.path));
  }

  async remove(): Promise<void> {
    await this.out.destroy();
    await rm(this.directory.path, { recursive: true, force: true });
    this.directory.settle();
  }

  private static file(directory: string): string {
    return path.join(directory, "rows.ndjson");
  }
}
