import { writeFileSync } from "node:fs";
import { EXPORT_FORMATS, renderApprovalExport, type ExportFormat } from "../approvals/approval-export";
import { parseCommand, runCommand } from "./args";
import { loadConfig } from "../config";
import type { Log } from "../domain";
import { openCosmosStore, type CosmosStore } from "../storage";
import { findDevStoreAddress } from "../storage/dev-store-address";
import { EMBEDDED_COSMOS_KEY } from "../storage/embedded-server";

/**
 * `npm run approvals -- export [--since DATE] [--format csv|json] [--out FILE]`: the whole approval history with its audit entries, for
 * auditors, from the store the bot uses (COSMOS_ENDPOINT, else a running `npm run dev`'s). Writes to stdout unless --out names a file. Exit
 * codes: 0 written, 1 no store to read or the store failed, 2 usage.
 */

const USAGE = "Usage: npm run approvals -- export [--since YYYY-MM-DD | ISO date-time] [--format csv|json] [--out FILE]";

const err = (line: string) => process.stderr.write(`${line}\n`);

async function exportHistory(args: string[]): Promise<number> {
  const parsed = parseCommand(args, {
    usage: USAGE,
    options: { since: { type: "string" }, format: { type: "string", default: "csv" }, out: { type: "string" } },
  });
  if (typeof parsed === "number") return parsed;
  const { values } = parsed;
  const format = values.format as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) return usage(`--format must be csv or json, got ${values.format}`);
  const since = values.since === undefined ? undefined : Date.parse(values.since);
  if (since !== undefined && Number.isNaN(since))
    return usage(`--since must be a date (2026-04-01) or an ISO date-time, got ${values.since}`);
  const store = await openBotStore(err);
  if (!store) return 1;
  try {
    const approvals = await store.approvals.listCreatedSince(since === undefined ? undefined : new Date(since).toISOString());
    const text = renderApprovalExport(approvals, format);
    if (values.out) writeFileSync(values.out, text);
    else process.stdout.write(text);
    err(`exported ${approvals.length} approval${approvals.length === 1 ? "" : "s"} (${format})${values.out ? ` to ${values.out}` : ""}`);
    return 0;
  } finally {
    await store.close();
  }
}

function usage(problem: string): number {
  err(`${problem}\n${USAGE}`);
  return 2;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === "export") return exportHistory(args);
  // Anything else gets the usage: asked for with --help, or after an unknown option or command.
  const parsed = parseCommand(argv, { usage: USAGE, options: {}, positionals: true });
  if (typeof parsed === "number") return parsed;
  return usage(command ? `unknown command: ${command}` : "no command given");
}

/**
 * Cosmos at COSMOS_ENDPOINT, else the embedded store of a running `npm run dev`; never an empty store of the command's own, which would
 * report nothing as if nothing had happened. Undefined, after a line that says how to point at one, when there is none.
 */
async function openBotStore(log: Log): Promise<CosmosStore | undefined> {
  const config = loadConfig();
  if (config.env.COSMOS_ENDPOINT) return openCosmosStore(config, { log });
  const dev = findDevStoreAddress(config.env.PROCURA_DATA_DIR);
  if (!dev) {
    log(
      "No store to read: run `npm run dev` in this folder (its store is found while it runs), or set COSMOS_ENDPOINT (and COSMOS_KEY) to the Cosmos account the bot uses.",
    );
    return undefined;
  }
  log(`Reading the store of \`npm run dev\` (process ${dev.pid}) at ${dev.endpoint}, database ${dev.database}.`);
  const devStore = { ...process.env, COSMOS_ENDPOINT: dev.endpoint, COSMOS_KEY: EMBEDDED_COSMOS_KEY, COSMOS_DATABASE: dev.database };
  return openCosmosStore(loadConfig(devStore), { log });
}

runCommand(main);
