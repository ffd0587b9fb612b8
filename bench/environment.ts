/** Starts the bench environment process (bench/environment-process.ts) and talks to its control endpoint. */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { z } from "zod";
import { EnvironmentAddressesSchema, type EnvironmentAddresses } from "./environment-addresses";

const SimulatedCallSchema = z.object({
  agentId: z.string(),
  model: z.string(),
  question: z.string(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  status: z.number().optional(),
  aborted: z.boolean(),
  inputTokens: z.number(),
  outputTokens: z.number(),
});

const SnapshotSchema = z.object({ calls: z.array(SimulatedCallSchema), storeOps: z.number().int() });

/** The simulator's log and the store request count since the last reset. */
export type EnvironmentSnapshot = z.infer<typeof SnapshotSchema>;

/** A running environment process. */
export interface BenchEnvironment extends EnvironmentAddresses {
  snapshot(): Promise<EnvironmentSnapshot>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** How the environment's model simulator behaves. */
export interface EnvironmentOptions {
  /** Model time ÷ the default models' published speeds (1: full speed). */
  timeScale: number;
  seed: number;
  /** Every model call takes this long instead of a drawn time. */
  fixedCallMs?: number;
}

/** Spawns the environment with the given time scale and seed (and a fixed model call time, if given); resolves once it is seeded and listening. */
export async function startEnvironment(options: EnvironmentOptions): Promise<BenchEnvironment> {
  const child = spawn(
    process.execPath,
    [
      "--require",
      require.resolve("tsx/cjs"),
      join(__dirname, "environment-process.ts"),
      "--time-scale",
      String(options.timeScale),
      "--seed",
      String(options.seed),
      ...(options.fixedCallMs === undefined ? [] : ["--fixed-call-ms", String(options.fixedCallMs)]),
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const addresses = await firstLine(child);
  const control = async (path: string, method = "GET") => {
    const response = await fetch(`${addresses.controlUrl}${path}`, { method });
    return response.json();
  };
  return {
    ...addresses,
    snapshot: async () => SnapshotSchema.parse(await control("/snapshot")),
    reset: async () => {
      await control("/reset", "POST");
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Runs `work` with an environment process, stopped afterwards whatever happens. */
export async function withEnvironment<T>(options: EnvironmentOptions, work: (env: BenchEnvironment) => Promise<T>): Promise<T> {
  const env = await startEnvironment(options);
  try {
    return await work(env);
  } finally {
    await env.stop();
  }
}

function firstLine(child: ChildProcess): Promise<EnvironmentAddresses> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    child.once("exit", (code) => reject(new Error(`the bench environment exited (code ${code}) before it was ready`)));
    lines.once("line", (line) => resolve(EnvironmentAddressesSchema.parse(JSON.parse(line))));
  });
}
