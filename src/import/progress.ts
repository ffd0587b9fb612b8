import { SingleBar, Presets } from "cli-progress";
import type { Log } from "../domain";

export interface Progress {
  start(label: string, total: number): void;
  update(done: number): void;
  stop(): void;
}

/** A progress bar on a terminal; on anything else (CI logs, pipes) a plain line every 10%. */
export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  return stream.isTTY ? barProgress(stream) : lineProgress((line) => stream.write(`${line}\n`));
}

export const silentProgress: Progress = { start: () => undefined, update: () => undefined, stop: () => undefined };

function barProgress(stream: NodeJS.WriteStream): Progress {
  const bar = new SingleBar(
    { stream, format: "{label} [{bar}] {percentage}% | {mb} MB", hideCursor: true, clearOnComplete: false },
    Presets.shades_classic,
  );
  return {
    start: (label, total) => bar.start(total, 0, { label, mb: (total / 1e6).toFixed(1) }),
    update: (done) => bar.update(done),
    stop: () => bar.stop(),
  };
}

export function lineProgress(write: Log): Progress {
  let label = "";
  let total = 0;
  let shown = -1;
  return {
    start(name, size) {
      [label, total, shown] = [name, size, -1];
    },
    update(done) {
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth > shown) {
        shown = tenth;
        write(`${label}: ${tenth * 10}% read`);
      }
    },
    stop: () => undefined,
  };
}
