import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

/** Validated spend rows as JSON lines in a temporary file, until the file is accepted. */
export class SpendSpool {
  private buffer = "";

  private constructor(
    private readonly directory: string,
    private readonly out: WriteStream,
  ) {}

  static async open(): Promise<SpendSpool> {
    const directory = await mkdtemp(path.join(os.tmpdir(), "procura-spend-"));
    return new SpendSpool(directory, createWriteStream(path.join(directory, "rows.ndjson")));
  }

  add(line: string): void {
    this.buffer += `${line}\n`;
  }

  /** Writes what was added once there is enough of it (called per batch of rows). */
  async flush(): Promise<void> {
    if (this.buffer.length < 1 << 20) return;
    const chunk = this.buffer;
    this.buffer = "";
    if (!this.out.write(chunk)) await once(this.out, "drain");
  }

  async close(): Promise<void> {
    this.out.end(this.buffer);
    this.buffer = "";
    await once(this.out, "close");
  }

  async *lines(): AsyncIterable<string> {
    for await (const line of createInterface({ input: createReadStream(path.join(this.directory, "rows.ndjson")), crlfDelay: Infinity }))
      if (line !== "") yield line;
  }

  async remove(): Promise<void> {
    this.out.destroy();
    await rm(this.directory, { recursive: true, force: true });
  }
}
