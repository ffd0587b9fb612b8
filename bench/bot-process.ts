/**
 * The bot as a child process (through tsx): the chaos scenarios kill -9 it and start it again, and
 * the concurrent bench runs it apart from its driver and the fake connector, as Teams would.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";

const ROOT = join(__dirname, "..");

/** The bench's bot entry (bench-bot.ts): tools over the sample data in memory, settings from the environment. */
export const BENCH_BOT_ENTRY = join(__dirname, "bench-bot.ts");

/** A bot child process. */
export interface BotProcess {
  url: string;
  pid: number;
  /** Everything it printed. */
  output: string[];
  /** SIGKILL: no shutdown, no draining, nothing flushed. */
  kill9(): Promise<void>;
  /** SIGTERM: a graceful stop (what App Service does on a restart or a slot swap). */
  terminate(): Promise<void>;
}

/** How to start the bot process. */
export interface BotProcessOptions {
  /** Fixed port (a restarted bot keeps its address); a free one by default. */
  port?: number;
  /** The script to run: src/index.ts by default. It must print "Procura is listening" when ready. */
  entry?: string;
  timeoutMs?: number;
}

/** Starts the bot with exactly `env` (plus PATH/HOME/PORT); resolves when it is listening. */
export async function startBotProcess(env: Record<string, string>, options: BotProcessOptions = {}): Promise<BotProcess> {
  const port = options.port ?? (await freePort());
  const timeoutMs = options.timeoutMs ?? 60_000;
  // stdin is a pipe this process holds: a child that watches it can exit with us, even when we are killed.
  const child: ChildProcess = spawn(
    process.execPath,
    ["--require", require.resolve("tsx/cjs"), options.entry ?? join(ROOT, "src", "index.ts")],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: String(port), ...env },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  const output: string[] = [];
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bot did not start within ${timeoutMs} ms:\n${output.join("\n")}`)), timeoutMs);
    for (const stream of [child.stdout!, child.stderr!])
      createInterface({ input: stream }).on("line", (line) => {
        output.push(line);
        if (line.includes("Procura is listening")) {
          clearTimeout(timer);
          resolve();
        }
      });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the bot exited (${code}) while starting:\n${output.join("\n")}`));
    });
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(name);
    await exited;
  };
  const kill9 = () => signal("SIGKILL");
  await listening.catch(async (error: unknown) => {
    await kill9();
    throw error;
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, output, kill9, terminate: () => signal("SIGTERM") };
}

/** A loopback port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
