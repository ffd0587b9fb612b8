import type { CosmosClient } from "@azure/cosmos";
import { createCosmosClient } from "../../src/storage/cosmos-store";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "../../src/storage/embedded-server";
import { RecordingHttpProxy } from "./recording-http-proxy";

/** The embedded Cosmos server with a client that reaches it through a recording proxy. */
export interface ProxiedCosmos {
  server: EmbeddedCosmos;
  proxy: RecordingHttpProxy;
  /** Every request it sends is on the proxy's record. */
  client: CosmosClient;
  stop(): Promise<void>;
}

/** Starts the embedded Cosmos server, a recording proxy in front of it and a client through the proxy. */
export async function startProxiedCosmos(): Promise<ProxiedCosmos> {
  const server = await startEmbeddedCosmos();
  const proxy = new RecordingHttpProxy(Number(new URL(server.endpoint).port));
  const client = await createCosmosClient({ endpoint: await proxy.start(), key: server.key });
  return {
    server,
    proxy,
    client,
    stop: async () => {
      client.dispose();
      await proxy.stop();
      await server.stop();
    },
  };
}
