import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Not a secret: the server accepts any base64 key. */
export const EMBEDDED_COSMOS_KEY = Buffer.from("procura-embedded-cosmos").toString("base64");

export type EmbeddedCosmos = Awaited<ReturnType<typeof startEmbeddedCosmos>>;

/** On 127.0.0.1. The package is loaded only here, so a production install without dev dependencies never needs it. */
export async function startEmbeddedCosmos() {
  const { createHttpServer } = await import("@vercel/cosmosdb-server");
  const server: Server = createHttpServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    key: EMBEDDED_COSMOS_KEY,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
