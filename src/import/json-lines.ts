import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import { createInterface } from "node:readline";

const CHUNK_CHARS = 1 << 20;

/**
 * A megabyte at a time: appending each line to one string built a chain of a million pieces that every write had to flatten. A few
 * megabytes may wait for the disk: with the default 16 KB buffer every megabyte held the writer up until the disk had taken it.
 */
export class JsonLinesWriter {
  private readonly out: WriteStream;
  private lines: string[] = [];
  private size = 0;

  constructor(file: string) {
    this.out = createWriteStream(file, { highWaterMark: 8 << 20 });
  }

  async add(line: string): Promise<void> {
    this.lines.push(line);
    this.size += line.length;
    if (this.size > CHUNK_CHARS) await this.flush();
  }

  async close(): Promise<void> {
    await this.flush();
    this.out.end();
    await once(this.out, "close");
  }

  /** Ended, not destroyed: a write still under way when a kind is rejected would otherwise fail on the closed file, uncaught. */
  async destroy(): Promise<void> {
    if (this.out.destroyed) return;
    this.out.end();
    await once(this.out, "close");
  }

  private async flush(): Promise<void> {
    if (this.lines.length === 0) return;
    this.lines.push(""); // the last line's break
    const chunk = this.lines.join("\n");
    [this.lines, this.size] = [[], 0];
    if (!this.out.write(chunk)) await once(this.out, "drain");
  }
}

export async function* readJsonLines(file: string): AsyncIterable<string> {
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) if (line !== "") yield line;
}
