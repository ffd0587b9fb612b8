import type { AppConfig, Env } from "../config";
import { ConfigurationError, describeError, redactUrl } from "../domain/errors";
import { CosmosApprovalRepository } from "./approval-repository";
import { CosmosBotStorage } from "./bot-state-storage";
import { ensureContainers } from "./containers";
import { CosmosConversationMemory } from "./conversation-memory-repository";
import { CosmosProcurementData, type ProcurementContainers } from "./cosmos-procurement-data";
import { CosmosDataWriter, type DataSetCounts } from "./cosmos-data-writer";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "./embedded-server";
import { cosmosId, parseDocument, readDocument, RecordContainer } from "./documents";
import { CosmosRunStore } from "./run-repository";
import { isMissingCredential, missingCredentialMessage, unreachableEndpoint } from "../resilience/connection-failure";
import { storeCall, storeCallExpecting } from "./store-call";
import { createInMemoryProcurementData, generateSampleDataSet } from "../tools";
import { openLocalProcurementData } from "./local-data-store";
import { IdKeyedDocuments } from "./id-keyed-documents";
import { CosmosTranscriptRepository } from "./transcript-repository";
import { CosmosClient, type Container, type CosmosClientOptions } from "@azure/cosmos";
import {
  CanaryRecordSchema,
  EvaluationRecordSchema,
  FeedbackSchema,
  RenewalAlertSchema,
  systemClock,
  type Log,
  type ProcurementDataSet,
} from "../domain";
import { z } from "zod";

/** Everything the product keeps in Cosmos, behind repositories that hide the SDK. */
export type CosmosStore = Awaited<ReturnType<typeof openCosmosStore>>;

/** Each request attempt gives up after this long; the SDK retries reads on timeout by itself. */
const REQUEST_TIMEOUT_MS = 10_000;

/** Throttling (429) is retried by the SDK alone, honouring retry-after, within these bounds; store-call.ts never retries a 429 again. */
const THROTTLE_RETRY = { maxRetryAttemptCount: 6, maxWaitTimeInSeconds: 20 };

/**
 * The Cosmos client, with a key or else `DefaultAzureCredential`. Over plain http (the embedded server) endpoint discovery is off: it would
 * follow the server's advertised https address and fail.
 */
export async function createCosmosClient(target: { endpoint: string; key?: string }): Promise<CosmosClient> {
  const connectionPolicy: CosmosClientOptions["connectionPolicy"] = {
    requestTimeout: REQUEST_TIMEOUT_MS,
    retryOptions: THROTTLE_RETRY,
    ...(target.endpoint.startsWith("http:") ? { enableEndpointDiscovery: false } : {}),
  };
  if (target.key) return new CosmosClient({ endpoint: target.endpoint, key: target.key, connectionPolicy });
  const { DefaultAzureCredential } = await import("@azure/identity");
  return new CosmosClient({ endpoint: target.endpoint, aadCredentials: new DefaultAzureCredential(), connectionPolicy });
}

/** Overwrites by id; says what it wrote and how long it took. */
export async function seedSampleData(
  store: { procurementData: CosmosProcurementData; procurementContainers: ProcurementContainers },
  data: ProcurementDataSet = generateSampleDataSet(),
): Promise<{ counts: DataSetCounts; durationMs: number }> {
  const started = Date.now();
  const writer = new CosmosDataWriter(store.procurementContainers, store.procurementData.location);
  const counts = await writer.upsertAll(data, systemClock.now().toISOString());
  store.procurementData.invalidate();
  return { counts, durationMs: Date.now() - started };
}

const HEALTH_TIMEOUT_MS = 3_000;

/**
 * Connects to Cosmos (`COSMOS_ENDPOINT`) and makes sure the database and containers exist. Without an endpoint it starts the embedded
 * in-memory server, seeds the sample data set and logs that nothing survives a restart (refused under NODE_ENV=production).
 */
export async function openCosmosStore(
  config: Pick<AppConfig, "memory"> & {
    env: Pick<Env, "COSMOS_ENDPOINT" | "COSMOS_KEY" | "COSMOS_DATABASE" | "TRANSCRIPT_TTL_DAYS" | "PROCURA_DATA_DIR" | "NODE_ENV">;
    approvals: Pick<AppConfig["approvals"], "remindAfterMs">;
  },
  options: { log?: Log } = {},
) {
  const log = options.log ?? ((line: string) => console.log(line));
  const { env } = config;
  let embedded: EmbeddedCosmos | undefined;
  let target: Parameters<typeof createCosmosClient>[0];
  if (env.COSMOS_ENDPOINT) target = { endpoint: env.COSMOS_ENDPOINT, key: env.COSMOS_KEY };
  else {
    if (env.NODE_ENV === "production")
      throw new ConfigurationError(
        "Invalid configuration: COSMOS_ENDPOINT is required when NODE_ENV=production (the embedded in-memory Cosmos server would lose every run and approval on restart)",
      );
    target = embedded = await startEmbeddedCosmos();
  }

  const client = await createCosmosClient(target);
  try {
    const created = await storeCallExpecting(
      `create database ${env.COSMOS_DATABASE}`,
      (abortSignal) => client.databases.createIfNotExists({ id: env.COSMOS_DATABASE }, { abortSignal }),
      [409],
    );
    // A conflict: another instance starting at the same moment created it.
    const database = created.kind === "ok" ? created.value.database : client.database(env.COSMOS_DATABASE);
    const containers = await ensureContainers(database, env.TRANSCRIPT_TTL_DAYS);
    const procurementData = new CosmosProcurementData(containers, `Cosmos database ${env.COSMOS_DATABASE}${embedded ? " (embedded)" : ""}`);
    const localData = embedded ? await openLocalProcurementData(env.PROCURA_DATA_DIR) : undefined;
    // The sample is generated and seeded only when it is what answers: an imported data set needs neither.
    const sampleData = embedded && !localData ? generateSampleDataSet() : undefined;
    const store = {
      /** The in-memory embedded server: data is lost on exit. */
      embedded: embedded !== undefined,
      endpoint: target.endpoint,
      runs: new CosmosRunStore(containers.runs),
      transcripts: new CosmosTranscriptRepository(containers.transcripts),
      /** Stored as the evaluation job made them (partition key `/transcriptId`; the id derives from the transcript). */
      evaluations: new RecordContainer(containers.evaluations, EvaluationRecordSchema, { timeField: "createdAt" }),
      /** Golden-set canary runs against the deployed models, one document per run. */
      canaryRuns: new RecordContainer(containers.canaryRuns, CanaryRecordSchema, { timeField: "startedAt" }),
      /** 👍/👎 feedback (partition key `/runId`); one vote per user per run, a second vote replacing the first. */
      feedback: new RecordContainer(containers.feedback, FeedbackSchema, {
        timeField: "at",
        idOf: (vote) => cosmosId(`${vote.runId}|${vote.userId}`),
      }),
      /** What each chat or channel thread remembers of its last turns (never sent to telemetry). */
      memory: new CosmosConversationMemory(containers.conversationMemory, config.memory),
      settings: settingsIn(containers.settings),
      approvals: new CosmosApprovalRepository(containers.approvals, { remindAfterMs: config.approvals.remindAfterMs }),
      /** One renewal alert per contract and notice deadline (the claim, the posted thread, a dismissal). */
      renewalAlerts: new IdKeyedDocuments(containers.renewalAlerts, RenewalAlertSchema, "renewal alert"),
      /** What the worker keeps per message (answer messages' runs, stream positions). */
      botState: new CosmosBotStorage(containers.botState),
      procurementData,
      procurementContainers: containers,
      /** The Cosmos containers with COSMOS_ENDPOINT; else the local data directory's data set, or the sample, from memory. */
      toolData: localData ?? (sampleData ? createInMemoryProcurementData(sampleData) : procurementData),
      /** `detail` is safe to show (no secrets). */
      async health(): Promise<{ ok: boolean; detail: string }> {
        const started = Date.now();
        try {
          await database.read({ abortSignal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
          return {
            ok: true,
            detail: `cosmos ${embedded ? "embedded" : "reachable"}, database ${env.COSMOS_DATABASE}, ${Date.now() - started} ms`,
          };
        } catch (error) {
          return { ok: false, detail: `cosmos unreachable at ${redactUrl(target.endpoint)}: ${describeError(error)}` };
        }
      },
      async close(): Promise<void> {
        client.dispose();
        await embedded?.stop();
      },
    };
    if (embedded && sampleData) {
      const seeded = await seedSampleData(store, sampleData);
      log(
        `Cosmos: no COSMOS_ENDPOINT set, using an embedded in-memory server at ${embedded.endpoint} seeded with sample data (${seeded.counts.spend} spend rows in ${seeded.durationMs} ms); data will not survive a restart.`,
      );
    } else if (embedded)
      log(
        `Cosmos: no COSMOS_ENDPOINT set, using an embedded in-memory server at ${embedded.endpoint} for runs and approvals (not seeded: answers come from the data set imported into ${env.PROCURA_DATA_DIR}); they will not survive a restart.`,
      );
    return store;
  } catch (error) {
    client.dispose();
    await embedded?.stop();
    throw (env.COSMOS_ENDPOINT ? accessFailure(error, env.COSMOS_ENDPOINT) : undefined) ?? error;
  }
}

/**
 * One line for a Cosmos account that cannot be used at all (no credential, not reachable), naming the setting and the fix; the detail stays
 * in the cause. Undefined for any other failure.
 */
function accessFailure(error: unknown, endpoint: string): ConfigurationError | undefined {
  if (isMissingCredential(error)) return new ConfigurationError(missingCredentialMessage(`Cosmos at ${endpoint}`, "COSMOS_KEY"), error);
  const unreachable = unreachableEndpoint(error);
  if (unreachable)
    return new ConfigurationError(
      `Cosmos at ${endpoint} cannot be reached (${unreachable.code}: ${unreachable.reason}). Check COSMOS_ENDPOINT, and that the account or emulator is up and reachable from this machine.`,
      error,
    );
  return undefined;
}

const SettingDocumentSchema = z.object({ key: z.string(), value: z.unknown() });

/** Small settings changed at run time (e.g. the approver channel). */
function settingsIn(container: Container) {
  return {
    async get<S extends z.ZodTypeAny>(key: string, schema: S): Promise<z.output<S> | undefined> {
      const id = cosmosId(key);
      const document = await readDocument(container, id, id);
      if (!document) return undefined;
      const { value } = parseDocument(SettingDocumentSchema, document.raw, container.id);
      return parseDocument(schema, value, `${container.id}/${key}`);
    },
    async set(key: string, value: unknown): Promise<void> {
      await storeCall(`set setting ${key}`, (abortSignal) =>
        container.items.upsert({ id: cosmosId(key), key, value, updatedAt: systemClock.now().toISOString() }, { abortSignal }),
      );
    },
  };
}
