import type { Container, Database } from "@azure/cosmos";
import { storeCallExpecting } from "./store-call";

/** Every container the product uses, with the partition key chosen for its access pattern. */
export const CONTAINERS = {
  botState: "/id",
  runs: "/id",
  transcripts: "/conversationId",
  feedback: "/runId",
  approvals: "/id",
  conversationMemory: "/id",
  settings: "/id",
  evaluations: "/transcriptId",
  canaryRuns: "/id",
  renewalAlerts: "/id",
  suppliers: "/id",
  contracts: "/supplierId",
  spend: "/supplierId",
  policies: "/policyKey",
  benchmarks: "/category",
  /** Monthly spend cells (one document per month and part) and the data set's manifest. */
  spendCells: "/id",
} as const;

type ContainerName = keyof typeof CONTAINERS;

export type Containers = Record<ContainerName, Container>;

/**
 * Creates any missing container (concurrent starts included). Transcripts expire through the container's default TTL, conversation memories
 * through their own; existing containers are left as they are (infrastructure owns their settings).
 */
export async function ensureContainers(database: Database, transcriptTtlDays: number): Promise<Containers> {
  const created = await Promise.all(
    (Object.keys(CONTAINERS) as ContainerName[]).map(async (name) => {
      // Instances starting together on a fresh database race to create: a conflict means another won, and it exists.
      const result = await storeCallExpecting(
        `create container ${name}`,
        async (abortSignal) => {
          const { container } = await database.containers.createIfNotExists(
            {
              id: name,
              partitionKey: { paths: [CONTAINERS[name]] },
              ...(name === "transcripts" ? { defaultTtl: transcriptTtlDays * 86_400 } : {}),
              // -1: no default expiry, but each memory document's own `ttl` is honoured.
              ...(name === "conversationMemory" ? { defaultTtl: -1 } : {}),
            },
            { abortSignal },
          );
          return container;
        },
        [409],
      );
      return [name, result.kind === "ok" ? result.value : database.container(name)] as const;
    }),
  );
  return Object.fromEntries(created) as Containers;
}
