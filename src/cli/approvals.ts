import { writeFileSync } from "node:fs";
import { EXPORT_FORMATS, renderApprovalExport, type ExportFormat } from "../approvals/approval-export";
import { parseCommand, refuse, runCommand, subcommand } from "./args";
import { loadConfig } from "../config";
import { openCosmosStore, type CosmosStore } from "../storage";
import { findDevStoreAddress } from "../storage/dev-store-address";
import { EMBEDDED_COSMOS_KEY } from "../storage/embedded-server";

// The approval history with its audit entries, for auditors. Exit codes: 0 written, 1 no store to read or the store failed, 2 usage.

const USAGE = "Usage: npm run approvals -- export [--since YYYY-MM-DD | ISO date-time] [--format csv|json] [--out FILE]";

const err = (line: string) => process.stderr.write(`${line}\n`);

async function exportHistory(args: string[]): Promise<number> {
  const { values } = parseCommand(args, {
    usage: USAGE,
    options: { since: { type: "string" }, format: { type: "string", default: "csv" }, out: { type: "string" } },
  });
  const format = values.format as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) return refuse(`--format must be csv or json, got ${values.format}`, USAGE);
  const since = values.since === undefined ? undefined : Date.parse(values.since);
  if (since !== undefined && Number.isNaN(since))
    return refuse(`--since must be a date (2026-04-01) or an ISO date-time, got ${values.since}`, USAGE);
  const store = await openBotStore();
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

// Never an empty store of the command's own: it would report nothing as if nothing had happened.
async function openBotStore(): Promise<CosmosStore | undefined> {
  const config = loadConfig();
  if (config.env.COSMOS_ENDPOINT) return openCosmosStore(config, { log: err });
  const dev = findDevStoreAddress(config.env.PROCURA_DATA_DIR);
  if (!dev) {
    err(
      "No store to read: run `npm run dev` in this folder (its store is found while it runs), or set COSMOS_ENDPOINT (and COSMOS_KEY) to the Cosmos account the bot uses.",
    );
    return undefined;
  }
  err(`Reading the store of \`npm run dev\` (process ${dev.pid}) at ${dev.endpoint}, database ${dev.database}.`);
  const devStore = { ...process.env, COSMOS_ENDPOINT: dev.endpoint, COSMOS_KEY: EMBEDDED_COSMOS_KEY, COSMOS_DATABASE: dev.database };
  return openCosmosStore(loadConfig(devStore), { log: err });
}

runCommand((argv) => subcommand(argv, USAGE, { export: exportHistory }));
