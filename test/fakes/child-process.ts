/**
 * A child process under test (the bot as `npm start` runs it, `npm run dev`): wait for a line it
 * prints, keep the tail of its output for failure messages, stop it.
 */
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";

/** Sends SIGTERM and waits for the exit (at once when it has already exited). */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}

/** The last 4,000 characters the child printed, read on demand. */
export function tailOf(child: ChildProcess): () => string {
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-4000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  return () => output;
}

/** Resolves with the first capture of `pattern` in the child's output; rejects if it exits first. */
export function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<string> {
  let output = "";
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = pattern.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`the bot exited (${code}):\n${output.slice(-2000)}`)));
  });
}
