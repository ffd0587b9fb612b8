/**
 * The bench's environment, in its own process so its work never competes with the code under test
 * for the event loop: the latency-simulating model server and an embedded Cosmos server seeded with
 * the sample data, plus a control endpoint. Prints one JSON line (`EnvironmentAddresses`) when ready.
 *
 * Control: `GET /snapshot` → `{ calls, storeOps }`; `POST /reset` clears both.
 * Arguments: `--time-scale <x>` `--seed <n>` `--fixed-call-ms <ms>` (every model call takes that long).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { once } from "node:events";
import { parseArgs } from "node:util";
import { z } from "zod";
import { loadConfig } from "../src/config";
import { openCosmosStore, seedSampleData } from "../src/storage";
import { createInMemoryProcurementData, generateSampleDataSet } from "../src/tools";
import { LatencyModelServer } from "../test/fakes/latency-model-server";
import { startEmbeddedAzurite } from "../src/queue/embedded-azurite";
import type { EnvironmentAddresses } from "./environment-addresses";
import { OfflineReplies } from "./sim/offline-replies";

const ArgsSchema = z.object({
  "time-scale": z.coerce.number().positive().default(1),
  seed: z.coerce.number().int().default(7),
  "fixed-call-ms": z.coerce.number().int().positive().optional(),
});

async function listen(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { "time-scale": { type: "string" }, seed: { type: "string" }, "fixed-call-ms": { type: "string" } },
  });
  const args = ArgsSchema.parse(values);
  const dataSet = generateSampleDataSet();
  const model = new LatencyModelServer({
    replies: await OfflineReplies.create(createInMemoryProcurementData(dataSet)),
    timeScale: args["time-scale"],
    seed: args.seed,
    fixedCallMs: args["fixed-call-ms"],
  });
  const { baseUrl } = await model.start();

  const { createHttpServer } = await import("@vercel/cosmosdb-server");
  const cosmos: Server = createHttpServer();
  let storeOps = 0;
  cosmos.on("request", () => storeOps++);
  const cosmosEndpoint = await listen(cosmos);
  const cosmosKey = Buffer.from("procura-bench").toString("base64");
  const store = await openCosmosStore(loadConfig({ NODE_ENV: "test", COSMOS_ENDPOINT: cosmosEndpoint, COSMOS_KEY: cosmosKey }), {
    log: () => {},
  });
  await seedSampleData(store, dataSet);
  await store.close();

  const control = createServer((req, res) => {
    if (req.method === "POST" && req.url === "/reset") {
      model.reset();
      storeOps = 0;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(req.url === "/snapshot" ? { calls: model.calls, storeOps } : { ok: true }));
  });
  const controlUrl = await listen(control);
  // The run queue's Azurite is its own process already; started here, it goes when the environment goes.
  const azurite = await startEmbeddedAzurite();
  const addresses: EnvironmentAddresses = {
    modelBaseUrl: baseUrl,
    cosmosEndpoint,
    cosmosKey,
    controlUrl,
    queueConnectionString: azurite.connectionString,
  };
  process.stdout.write(`${JSON.stringify(addresses)}\n`);
  // The parent holds our stdin open; when it goes away (even killed), so do we.
  process.stdin.on("end", () => process.exit(0)).resume();
  // Stopped with SIGTERM: exit normally, so the Azurite child is stopped with us rather than left running.
  process.once("SIGTERM", () => process.exit(0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
