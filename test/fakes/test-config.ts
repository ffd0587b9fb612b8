/**
 * The settings of a test: the process's data folder is never read. Unless a test names its own
 * PROCURA_DATA_DIR, it gets a fresh empty folder (one per test process), so the tools answer from the
 * sample data set whatever a user imported into the clone's default `.procura/data`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig, type AppConfig } from "../../src/config";
import { openCosmosStore, type CosmosStore } from "../../src/storage";

/** An empty data folder of the test process's own: the sample data set answers. */
export const SAMPLE_DATA_DIR = mkdtempSync(path.join(tmpdir(), "procura-test-data-"));

/** loadConfig over `env`, with the test's own data folder unless `env` names one. */
export function testConfig(env: Record<string, string | undefined> = {}): AppConfig {
  return loadConfig({ PROCURA_DATA_DIR: SAMPLE_DATA_DIR, ...env });
}

/** The store a test seeds on an embedded Cosmos server, in database `database` (offline, no log). */
export function openTestStore(cosmos: { endpoint: string; key: string }, database: string): Promise<CosmosStore> {
  const env = {
    NODE_ENV: "test",
    LLM_PROVIDER: "offline",
    COSMOS_ENDPOINT: cosmos.endpoint,
    COSMOS_KEY: cosmos.key,
    COSMOS_DATABASE: database,
  };
  return openCosmosStore(testConfig(env), { log: () => undefined });
}
