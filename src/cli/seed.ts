// `npm run seed [-- --dry-run]`: without COSMOS_ENDPOINT there is nothing durable to seed (exit 2); `--dry-run` shows what it would write.
import { loadConfig } from "../config";
import { redactUrl } from "../domain";
import { openCosmosStore, seedSampleData } from "../storage";
import { parseCommand, runCommand } from "./args";

async function main(argv: string[]): Promise<number> {
  const dryRun = parseCommand(argv, {
    usage: "Usage: npm run seed [-- --dry-run]",
    options: { "dry-run": { type: "boolean", default: false } },
  }).values["dry-run"];
  const config = loadConfig();
  if (!config.env.COSMOS_ENDPOINT && !dryRun) {
    process.stderr.write(
      "COSMOS_ENDPOINT is not set: there is no Cosmos account to seed. The bot seeds its embedded in-memory server by itself at start-up; " +
        "set COSMOS_ENDPOINT (and COSMOS_KEY, or sign in for DefaultAzureCredential) to seed a real account, or pass --dry-run to seed a temporary embedded one.\n",
    );
    return 2;
  }
  // The embedded store seeds itself while opening; a real account is seeded here.
  const store = await openCosmosStore(config, { log: (line) => process.stderr.write(`${line}\n`) });
  try {
    if (store.embedded) {
      process.stdout.write("Dry run: the sample data set was loaded into a temporary embedded server, now discarded.\n");
      return 0;
    }
    const { counts, durationMs } = await seedSampleData(store);
    const summary = Object.entries(counts)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(", ");
    process.stdout.write(
      `Seeded ${config.env.COSMOS_DATABASE} at ${redactUrl(config.env.COSMOS_ENDPOINT ?? "")}: ${summary} in ${durationMs} ms.\n`,
    );
    return 0;
  } finally {
    await store.close();
  }
}

runCommand(main, "Seeding failed");
