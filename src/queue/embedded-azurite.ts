import { spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable } from "node:stream";

const DEV_ACCOUNT = "devstoreaccount1";
/** Azurite's published development key (not a secret: every emulator accepts it). */
const DEV_KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

/** Azurite's queue service prints this once it listens (with the port it picked for port 0). */
const LISTENING = /successfully listens on (http:\/\/[\d.]+:\d+)/;

/**
 * Starts Azurite's queue service (the `azurite` dev dependency, in memory) as a child process on a free loopback port. Telemetry is off:
 * Azurite would otherwise try to send its own out.
 */
export async function startEmbeddedAzurite() {
  const main = require.resolve("azurite/dist/src/queue/main.js");
  const options = "--queuePort 0 --queueHost 127.0.0.1 --inMemoryPersistence --skipApiVersionCheck --loose --disableTelemetry";
  const child = spawn(process.execPath, [main, ...options.split(" ")], { stdio: ["ignore", "pipe", "pipe"] });
  // Never keeps the parent alive; it goes when the parent exits.
  child.unref();
  const stopChild = () => child.kill("SIGKILL");
  process.once("exit", stopChild);
  const endpoint = await listeningAddress(child);
  return {
    connectionString: `DefaultEndpointsProtocol=http;AccountName=${DEV_ACCOUNT};AccountKey=${DEV_KEY};QueueEndpoint=${endpoint}/${DEV_ACCOUNT};`,
    stop: async () => {
      process.removeListener("exit", stopChild);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function listeningAddress(child: ChildProcessByStdio<null, Readable, Readable>): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdout, stderr } = child;
    let output = "";
    const read = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = LISTENING.exec(output);
      if (match) {
        stdout.removeListener("data", read);
        stdout.resume();
        stderr.resume();
        (stdout as unknown as { unref(): void }).unref();
        (stderr as unknown as { unref(): void }).unref();
        resolve(match[1]);
      }
    };
    stdout.on("data", read);
    stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.once("exit", (code) => reject(new Error(`Azurite exited (${code}) before listening:\n${output.slice(-2000)}`)));
  });
}

let shared: ReturnType<typeof startEmbeddedAzurite> | undefined;

/**
 * One Azurite per process, started on first use and stopped when the process exits: every embedded store in a process (tests open many)
 * gets its own queue on it instead of its own server.
 */
export function sharedEmbeddedAzurite(): ReturnType<typeof startEmbeddedAzurite> {
  shared ??= startEmbeddedAzurite().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}
