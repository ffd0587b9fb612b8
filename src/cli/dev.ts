/*
 * `npm run dev`: the bot and two Agents Playgrounds as the local Teams, one for the employee and one for an approver (dev-playgrounds.ts).
 * Nothing to configure: the local approvers may decide, and the approver channel is set at start-up.
 */
import { createServer } from "node:net";
import { loadConfig, type AppConfig } from "../config";
import { dataSetBanner } from "../composition/procurement-data";
import { APPROVER_CHANNEL_SETTING } from "../approvals/approver-channel";
import type { DataSetSummary } from "../domain";
import { ConfigurationError } from "../domain/errors";
import { startProcura } from "../index";
import { openCosmosStore } from "../storage";
import { leaveDevStoreAddress } from "../storage/dev-store-address";
import { parseCommand, runCommand } from "./args";
import { localApprovers, readPlaygroundConfig, startDevPlaygrounds, type DevPlaygrounds, type RunningPlayground } from "./dev-playgrounds";

/** The local approvers, admins too (so `approvers here` typed in the approver's Playground works), unless the environment names others. */
export function devConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const approvers = localApprovers(readPlaygroundConfig())
    .map((user) => user.aadObjectId)
    .join(",");
  const orLocal = (value: string | undefined) => (value?.trim() ? value : approvers);
  return loadConfig({
    ...env,
    APPROVER_AAD_IDS: orLocal(env.APPROVER_AAD_IDS),
    APPROVER_ADMIN_AAD_IDS: orLocal(env.APPROVER_ADMIN_AAD_IDS),
  });
}

/** Before the store is opened and seeded: starting would only end there. (The Playgrounds take another port themselves.) */
export async function assertBotPortFree(config: AppConfig): Promise<void> {
  const port = config.env.PORT;
  if (port === 0) return;
  const server = createServer();
  const taken = await new Promise<boolean>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolve(true) : reject(error)));
    // Every address: whatever another process listens on, the bot's own listen would collide with it.
    server.listen(port, () => resolve(false));
  });
  if (taken)
    throw new ConfigurationError(`PORT=${port} is in use (another npm run dev or npm start?): stop it, or set PORT to a free port.`);
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export function devBanner(config: AppConfig, botUrl: string, playgrounds: DevPlaygrounds, data: DataSetSummary): string {
  const moved = (playground: RunningPlayground, setting: string) =>
    playground.requestedPort !== 0 && playground.requestedPort !== playground.port
      ? [
          `  ${setting}=${playground.requestedPort} was in use: this Playground took ${playground.port} instead (set ${setting} to a free port for a fixed address).`,
        ]
      : [];
  return [
    "",
    `  Procura is running: bot endpoint ${botUrl}/api/messages (PORT=${config.env.PORT}).`,
    `  Answers from the ${dataSetBanner(data).replace(/^Data: /, "")}`,
    `  Ask as ${playgrounds.employee.user.name} (employee):  ${playgrounds.employee.url}   (PLAYGROUND_PORT=${config.env.PLAYGROUND_PORT})`,
    `  Decide as ${playgrounds.approver.user.name} (approver), in ${playgrounds.teamName} › ${playgrounds.channelName}:  ${playgrounds.approver.url}   (PLAYGROUND_APPROVER_PORT=${config.env.PLAYGROUND_APPROVER_PORT})`,
    ...moved(playgrounds.employee, "PLAYGROUND_PORT"),
    ...moved(playgrounds.approver, "PLAYGROUND_APPROVER_PORT"),
    "  (Ctrl-C stops the bot and both Playgrounds.)",
    "",
  ].join("\n");
}

const USAGE =
  "Usage: npm run dev   (the bot and two Agents Playgrounds; settings come from the environment: PORT, PLAYGROUND_PORT, PLAYGROUND_APPROVER_PORT, PROCURA_DATA_DIR, …)";

async function main(argv: string[]): Promise<number> {
  parseCommand(argv, { usage: USAGE, options: {} });
  const config = devConfig();
  await assertBotPortFree(config);
  const store = await openCosmosStore(config);
  // Commands on this machine (the auditors' export) find this embedded store while dev runs.
  if (store.embedded) leaveDevStoreAddress(config.env.PROCURA_DATA_DIR, { endpoint: store.endpoint, database: config.env.COSMOS_DATABASE });
  const procura = await startProcura(config, { store }).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const stopBot = async () => {
    await procura.stop();
    await store.close();
  };
  const playgrounds = await startDevPlaygrounds(`${procura.url}/api/messages`, {
    employee: config.env.PLAYGROUND_PORT,
    approver: config.env.PLAYGROUND_APPROVER_PORT,
  }).catch(async (error: unknown) => {
    await stopBot();
    throw error;
  });
  // A shared Cosmos account keeps the approver channel its team chose: local Playgrounds never take over real approvals.
  if (store.embedded) await store.settings.set(APPROVER_CHANNEL_SETTING, playgrounds.approverChannel);
  else
    console.log(
      `COSMOS_ENDPOINT is set: the approver channel stored there is kept (type "approvers here" in ${playgrounds.teamName} › ${playgrounds.channelName} to use the local one).`,
    );
  console.log(devBanner(config, procura.url, playgrounds, await store.toolData.describe()));
  // Until Ctrl-C, a stop signal or either Playground's exit; signals after the first are ignored while everything stops.
  await new Promise((stop) => {
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    for (const playground of [playgrounds.employee, playgrounds.approver]) playground.child.once("exit", stop);
  });
  await Promise.all([playgrounds.stop(), stopBot()]);
  return 0;
}

if (require.main === module) runCommand(main);
