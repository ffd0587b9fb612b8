/** The bot as a child process (src/index.ts through tsx), so a test can kill -9 it and start it again. */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";

/** A bot child process. */
export interface BotProcess {
  url: string;
  /** Everything it printed. */
  output: string[];
  /** SIGKILL: no shutdown, no draining, nothing flushed. */
  kill9(): Promise<void>;
}

/** Starts the bot with exactly `env` (plus PATH/HOME) on `port`; resolves when it is listening. */
export async function startBotProcess(port: number, env: Record<string, string>, timeoutMs = 60_000): Promise<BotProcess> {
  const root = join(__dirname, "..", "..");
  const child: ChildProcess = spawn(process.execPath, ["--require", require.resolve("tsx/cjs"), join(root, "src", "index.ts")], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bot did not start within ${timeoutMs} ms:\n${output.join("\n")}`)), timeoutMs);
    for (const stream of [child.stdout!, child.stderr!])
      createInterface({ input: stream }).on("line", (line) => {
        output.push(line);
        if (line.includes("Procura is listening")) (clearTimeout(timer), resolve());
      });
    child.once("exit", (code) => (clearTimeout(timer), reject(new Error(`the bot exited (${code}) while starting:\n${output.join("\n")}`))));
  });
  await listening;
  return {
    url: `http://127.0.0.1:${port}`,
    output,
    kill9: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}
