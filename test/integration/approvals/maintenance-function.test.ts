import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import Module from "node:module";
import path from "node:path";
import { InvocationContext, type Timer } from "@azure/functions";
import { createApprovals } from "../../../src/approvals";
import { newApproval } from "../../../src/approvals/approval-record";
import { decideApproval } from "../../../src/approvals/decide-approval";
import { REQUEUE_AFTER_MS } from "../../../src/approvals/maintenance";
import type { AppConfig } from "../../../src/config";
import { testConfig } from "../../fakes/test-config";
import { startProcura } from "../../../src/index";
import { runApprovalMaintenanceOnce } from "../../../src/jobs/approval-maintenance-runner";
import { openRunQueue } from "../../../src/queue/open-run-queue";
import { sharedEmbeddedAzurite } from "../../../src/queue/embedded-azurite";
import { openCosmosStore, type CosmosStore } from "../../../src/storage";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "../../../src/storage/embedded-server";
import { noopTelemetry } from "../../../src/telemetry";
import { completedRun } from "../../fixtures/cards/sample-runs";
import { AnswerActivities } from "../../../src/teams/answer-activity";
import { FakeConnector, cardOf, cardTexts } from "../../fakes/fake-connector";
import { TeamsAiEntitySchema } from "../../fakes/teams-ai-entity-schema";
import { APPROVER, CHANNEL_ID, en, specialistNames, teamsApprovalMessaging } from "./approval-harness";

const MINUTE = 60_000;
const REQUESTER_CONVERSATION = "personal-function-timer";
const THREAD = `${CHANNEL_ID};messageid=root-1`;

/** A function registered with the Functions host: its metadata and handler. */
interface Registration {
  metadata: { name: string; bindings: Record<string, { type: string; direction: string; schedule?: string }> };
  handler: (timer: Timer, context: InvocationContext) => Promise<unknown>;
}

/**
 * The Functions host's side of the wire: the worker provides `@azure/functions-core`, through which
 * `app.timer` registers. This stands in for it, recording registrations.
 */
function fakeFunctionsHost(): { registrations: Registration[]; restore(): void } {
  const registrations: Registration[] = [];
  const core = {
    setProgrammingModel: () => undefined,
    registerFunction: (metadata: Registration["metadata"], handler: Registration["handler"]) => registrations.push({ metadata, handler }),
  };
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = loader._load;
  loader._load = (request, ...rest) => (request === "@azure/functions-core" ? core : original(request, ...rest));
  return { registrations, restore: () => (loader._load = original) };
}

describe("Approval maintenance as an Azure Functions timer (APPROVAL_SCHEDULER=function)", function () {
  this.timeout(60_000);
  let cosmos: EmbeddedCosmos;
  let connector: FakeConnector;
  let serviceUrl: string;
  let env: Record<string, string>;
  let config: AppConfig;
  let store: CosmosStore;

  before(async () => {
    cosmos = await startEmbeddedCosmos();
    connector = new FakeConnector();
    serviceUrl = await connector.start();
    env = {
      NODE_ENV: "test",
      LLM_PROVIDER: "offline",
      COSMOS_ENDPOINT: cosmos.endpoint,
      COSMOS_KEY: cosmos.key,
      APPROVER_AAD_IDS: APPROVER.aadObjectId,
      APPROVAL_SCHEDULER: "function",
      APPROVAL_SCHEDULE: "0 */2 * * * *",
      CONTRACT_SENSITIVITY_LABEL: "Confidential",
      // The Function App and the bot share the run queue, as they share the store.
      RUN_QUEUE_CONNECTION_STRING: (await sharedEmbeddedAzurite()).connectionString,
      RUN_QUEUE_NAME: `function-timer-${Date.now()}`,
    };
    config = testConfig(env);
    store = await openCosmosStore(config, { log: () => undefined });
  });
  after(async () => {
    await store?.close();
    await connector?.stop();
    await cosmos?.stop();
  });

  /** A run paused for approval, its card in the approver thread, decided long ago by a process that stopped before queueing it. */
  async function decidedButUndelivered(): Promise<string> {
    const reference = {
      channelId: "msteams",
      serviceUrl,
      conversation: { id: REQUESTER_CONVERSATION, conversationType: "personal", isGroup: false, name: "" },
      user: { id: "user-1", name: "Test User" },
    };
    const run = completedRun({
      runId: "run-function-1",
      status: "awaiting_approval",
      phase: "approve",
      requester: { userId: "user-1", conversationId: REQUESTER_CONVERSATION, tenantId: "tenant-1" },
      reference,
      approval: { reasons: ["policy: amount above the threshold"] },
    });
    await store.runs.checkpoint(run);
    const decidedAt = new Date(Date.now() - REQUEUE_AFTER_MS - 2 * MINUTE);
    const approval = {
      ...newApproval(run, new Date(decidedAt.getTime() - MINUTE), config.approvals.expireAfterMs),
      approverThread: { conversationId: THREAD, activityId: "root-1", serviceUrl },
    };
    assert.equal((await store.approvals.create(approval)).kind, "written");
    const stopped = createApprovals({
      config,
      names: specialistNames(config),
      store,
      telemetry: noopTelemetry,
      messaging: teamsApprovalMessaging(),
      continueRun: () => Promise.reject(new Error("the process stopped")),
      clock: { now: () => decidedAt },
      log: () => undefined,
    });
    const click = { action: { type: "Action.Execute", verb: "approval.approve", data: { approvalId: approval.id } } };
    const decided = await decideApproval(stopped.deps, {
      value: click,
      actor: { ...APPROVER, tenantId: "tenant-1" },
      membership: async () => false,
      language: "en",
    });
    assert.equal(decided.settledApprovalId, approval.id);
    return approval.id;
  }

  it("registers the timer on APPROVAL_SCHEDULE; a tick queues what a stopped bot left unqueued, once, and a bot's worker delivers it", async () => {
    const approvalId = await decidedButUndelivered();
    const host = fakeFunctionsHost();
    const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
    Object.assign(process.env, env);
    try {
      // Loaded like the Functions worker does (CommonJS require), with the Function App's settings in the environment.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require("../../../src/functions/timers");
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- an unset variable must be absent, not "undefined"
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      host.restore();
    }
    const registration = host.registrations.find((r) => r.metadata.name === "approval-maintenance");
    assert.ok(registration, `registered: ${host.registrations.map((r) => r.metadata.name).join(", ")}`);
    const trigger = Object.values(registration.metadata.bindings)[0];
    assert.deepEqual([trigger.type, trigger.direction, trigger.schedule], ["timerTrigger", "in", "0 */2 * * * *"]);

    const tick = async () => {
      const logged: string[] = [];
      const context = new InvocationContext({
        functionName: "approval-maintenance",
        logHandler: (_level, ...args) => logged.push(args.join(" ")),
      });
      await registration.handler(
        { isPastDue: false, schedule: { adjustForDST: true }, scheduleStatus: { last: "", next: "", lastUpdated: "" } },
        context,
      );
      return JSON.parse(logged.at(-1)!) as Record<string, number>;
    };
    assert.deepEqual(await tick(), { reminded: 0, expired: 0, posted: 0, requeued: 1, failed: 0 });
    assert.equal(connector.inConversation(REQUESTER_CONVERSATION).length, 0, "the job sends no answer itself");
    // A bot over the same store and queue resumes the run and delivers it, as it delivers any answer.
    const queue = await openRunQueue(config, { log: () => undefined });
    const bot = await startProcura(config, { port: 0, host: "127.0.0.1", store, queue, log: () => undefined });
    try {
      await connector.waitFor((a) => a.conversationId === REQUESTER_CONVERSATION && a.method === "POST", 20_000, "the approved answer");
      await connector.waitFor((a) => a.conversationId === THREAD && a.method === "PUT", 10_000, "the approver card's outcome");
    } finally {
      await bot.stop();
      await queue.close();
    }
    const answers = connector.inConversation(REQUESTER_CONVERSATION).filter((a) => a.method === "POST");
    assert.equal(answers.length, 1);
    const texts = cardTexts(cardOf(answers[0]));
    assert.ok(
      texts.some((t) => t.includes(en.reviewed)),
      "the approved answer, marked as reviewed",
    );
    // The Teams-native answer message of a personal chat, as for any answer there.
    const { activity, activityId } = answers[0];
    assert.ok(activity.text?.includes("[1]"), `the text with citation markers: ${activity.text}`);
    const entity = TeamsAiEntitySchema.parse(
      (activity.entities as { type: string }[]).find((e) => e.type === "https://schema.org/Message"),
    );
    assert.deepEqual(entity.additionalType, ["AIGeneratedContent"], "a model's answer carries the AI-generated label");
    assert.equal(entity.usageInfo?.name, "Confidential", "the cited contract brings the sensitivity label");
    assert.equal(entity.citation?.[0]?.appearance.name, "Contract CTR-0012");
    assert.deepEqual(activity.channelData, { feedbackLoopEnabled: true });
    assert.equal(
      await new AnswerActivities(testConfig(), { names: {}, botState: store.botState, log: () => undefined }).runOf(
        REQUESTER_CONVERSATION,
        activityId,
      ),
      "run-function-1",
      "mapped to its run in the bot's state storage, where the bot reads Teams' feedback loop",
    );
    const update = connector.inConversation(THREAD).find((a) => a.method === "PUT");
    assert.ok(update && cardTexts(cardOf(update)).includes(en.outcomeApproved), "the approver card shows the outcome");
    const stored = await store.approvals.get(approvalId);
    assert.ok(stored?.value.outcomeShownAt, "the approval records its outcome shown");
    assert.equal((await store.runs.load("run-function-1"))?.status, "answered");

    assert.equal((await tick()).requeued, 0, "the next tick queues nothing");
    assert.equal(connector.inConversation(REQUESTER_CONVERSATION).filter((a) => a.method === "POST").length, 1);
  });

  it("does nothing when the bot is the scheduler (APPROVAL_SCHEDULER=bot), so the two never both run", async () => {
    const before = connector.activities.length;
    const result = await runApprovalMaintenanceOnce(testConfig({ ...env, APPROVAL_SCHEDULER: "bot" }), { log: () => undefined });
    assert.deepEqual(result, { skipped: "APPROVAL_SCHEDULER=bot: the approval job runs in the bot process" });
    assert.equal(connector.activities.length, before);
  });

  it("ships a Functions v4 host.json with extension bundle v4 at the repository root", () => {
    const host = JSON.parse(readFileSync(path.resolve(__dirname, "..", "..", "..", "host.json"), "utf8"));
    assert.equal(host.version, "2.0");
    assert.deepEqual(host.extensionBundle, { id: "Microsoft.Azure.Functions.ExtensionBundle", version: "[4.*, 5.0.0)" });
    const pkg = JSON.parse(readFileSync(path.resolve(__dirname, "..", "..", "..", "package.json"), "utf8"));
    assert.equal(pkg.main, "dist/src/functions/*.js");
  });
});
