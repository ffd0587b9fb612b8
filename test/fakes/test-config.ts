/**
 * The settings of a test: the process's data folder is never read. Unless a test names its own
 * PROCURA_DATA_DIR, it gets a fresh empty folder (one per test process), so the tools answer from the
 * sample data set whatever a user imported into the clone's default `.procura/data`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig, type AppConfig } from "../../src/config";

/** An empty data folder of the test process's own: the sample data set answers. */
export const SAMPLE_DATA_DIR = mkdtempSync(path.join(tmpdir(), "procura-test-data-"));

/** loadConfig over `env`, with the test's own data folder unless `env` names one. */
export function testConfig(env: Record<string, string | undefined> = {}): AppConfig {
  return loadConfig({ PROCURA_DATA_DIR: SAMPLE_DATA_DIR, ...env });
}
