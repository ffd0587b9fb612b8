import { CosmosClient, type CosmosClientOptions } from "@azure/cosmos";

/** Where the client connects and how it authenticates. */
export type CosmosTarget = { endpoint: string; key: string } | { endpoint: string; useDefaultCredential: true };

/** Each request attempt gives up after this long; the SDK retries reads on timeout by itself. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Throttling (429) is retried by the SDK alone, honouring the service's retry-after, within these
 * bounds; our own layer (store-call.ts) never retries a 429 again.
 */
const THROTTLE_RETRY = { maxRetryAttemptCount: 6, maxWaitTimeInSeconds: 20 };

/**
 * Builds the Cosmos client: with a key, or with `DefaultAzureCredential` (managed identity, az login)
 * when there is none. Over plain http (the embedded server, or one started by hand) endpoint
 * discovery is turned off: it would follow the server's advertised https address and fail.
 */
export async function createCosmosClient(target: CosmosTarget): Promise<CosmosClient> {
  const connectionPolicy: CosmosClientOptions["connectionPolicy"] = {
    requestTimeout: REQUEST_TIMEOUT_MS,
    retryOptions: THROTTLE_RETRY,
    ...(target.endpoint.startsWith("http:") ? { enableEndpointDiscovery: false } : {}),
  };
  if ("key" in target) return new CosmosClient({ endpoint: target.endpoint, key: target.key, connectionPolicy });
  const { DefaultAzureCredential } = await import("@azure/identity");
  return new CosmosClient({ endpoint: target.endpoint, aadCredentials: new DefaultAzureCredential(), connectionPolicy });
}
