/**
 * The store the bot on this machine uses, for commands that read what it kept: Cosmos at COSMOS_ENDPOINT, else the embedded store of a
 * running `npm run dev`. Never an empty embedded store of the command's own, which would report nothing as if nothing had happened.
 */
import { loadConfig } from "../config";
import type { Log } from "../domain";
import { openCosmosStore, type CosmosStore } from "../storage";
import { findDevStoreAddress } from "../storage/dev-store-address";
import { EMBEDDED_COSMOS_KEY } from "../storage/embedded-server";

/** Opens the bot's store; undefined, after one line that says how to point at one, when there is none to read. */
export async function openBotStore(log: Log): Promise<CosmosStore | undefined> {
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
