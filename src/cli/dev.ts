/**
 * `npm run dev`: the bot (embedded Cosmos with sample data, offline model unless one is configured)
 * and the Microsoft 365 Agents Playground as the local Teams client, configured by the committed
 * `.m365agentsplayground.yml`. Prints the URL to open; Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { loadConfig } from "../config";
import { describeError } from "../domain";
import { startProcura } from "../index";

/** The Playground's port; it picks another silently when this one is taken (we read the real one). */
const PLAYGROUND_PORT = Number(process.env.PLAYGROUND_PORT ?? 56150);

/** Starts the Playground against the bot's endpoint; resolves with its URL once it listens. */
export async function startPlayground(botEndpoint: string, port: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [require.resolve("@microsoft/m365agentsplayground/cli.js"), "-e", botEndpoint, "-c", "msteams", "--dt", "-p", String(port)],
    { env: { ...process.env, TEAMSAPPTESTER_BROWSER: "none", DEFAULT_CHANNEL_ID: "msteams" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const listening = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = /Listening on (\d+)/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`the Playground exited (${code}) before listening:\n${output.slice(-2000)}`)));
  });
  return { url: await listening, child };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const procura = await startProcura(config, { host: "127.0.0.1" });
  const playground = await startPlayground(`${procura.url}/api/messages`, PLAYGROUND_PORT).catch(async (error) => {
    await procura.stop();
    throw error;
  });
  console.log(`\n  Procura is running. Open the Agents Playground: ${playground.url}\n  (Ctrl-C stops the bot and the Playground.)\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    playground.child.kill("SIGTERM");
    await Promise.all([procura.stop(), playground.child.exitCode === null ? once(playground.child, "exit") : undefined]);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
  playground.child.once("exit", () => void stop());
}

if (require.main === module) {
  main().catch((error) => {
    console.error(describeError(error));
    process.exit(1);
  });
}
