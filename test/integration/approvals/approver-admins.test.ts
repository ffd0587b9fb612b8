import assert from "node:assert/strict";
import { z } from "zod";
import { stringsFor } from "../../../src/domain";
import { testConfig } from "../../fakes/test-config";
import { startProcura } from "../../../src/index";
import { startBotHarness, type BotHarness } from "../teams/bot-harness";
import { ADMIN, APPROVER, STRANGER, TEAM_ID } from "./approval-harness";

const replies = stringsFor("en").approvals;
const CHANNEL = "19:claimed@thread.tacv2";

/** `@Procura approvers here` posted by `who` in a team channel of `tenant`. */
function approversHere(harness: BotHarness, who: { id: string; aadObjectId: string; name: string }, tenant = "tenant-1") {
  const message = harness.message("<at>Procura</at> approvers here", { conversationId: CHANNEL, conversationType: "channel" });
  return {
    ...message,
    conversation: { ...message.conversation, tenantId: tenant },
    from: who,
    entities: [{ type: "mention", mentioned: { id: "28:procura", name: "Procura" }, text: "<at>Procura</at>" }],
    channelData: { tenant: { id: tenant }, team: { id: TEAM_ID }, channel: { id: CHANNEL } },
  };
}

const StoredChannel = z.object({ channelId: z.string(), setByAadObjectId: z.string() }).passthrough();

/** Posts `approvers here` as `who` and returns the bot's reply in the channel. */
async function claim(harness: BotHarness, who: { id: string; aadObjectId: string; name: string }, tenant?: string): Promise<string> {
  const before = harness.connector.inConversation(CHANNEL).length;
  assert.equal((await harness.post(approversHere(harness, who, tenant))).status, 200);
  const reply = await harness.connector.waitFor(
    (a) => a.conversationId === CHANNEL && harness.connector.inConversation(CHANNEL).indexOf(a) >= before && a.activity.text !== undefined,
    10_000,
    "the reply to approvers here",
  );
  return reply.activity.text!;
}

describe("`approvers here` is for admins only (APPROVER_ADMIN_AAD_IDS)", function () {
  this.timeout(60_000);

  describe("with no approver settings at all (the deployment default)", () => {
    let harness: BotHarness;
    before(async () => (harness = await startBotHarness()));
    after(() => harness.stop());

    it("the first user to type it no longer makes their channel the approver channel: refused, saying no admin is configured", async () => {
      assert.equal(await claim(harness, STRANGER), replies.channelCommandNoAdmins);
      assert.equal(await harness.store.settings.get("approverChannel", StoredChannel), undefined, "nothing stored");
    });

    it("a production start says in its banner that approvals have no channel, no admin and nobody to decide", async () => {
      const log: string[] = [];
      const config = testConfig({
        NODE_ENV: "production",
        LLM_PROVIDER: "offline",
        BOT_ID: "00000000-0000-0000-0000-00000000b07",
        BOT_PASSWORD: "unused-in-this-test",
        BOT_TENANT_ID: "tenant-1",
        COSMOS_ENDPOINT: "https://unused.documents.azure.com",
        RUN_QUEUE_URL: "https://unused.queue.core.windows.net/procura-runs",
      });
      const bot = await startProcura(config, {
        port: 0,
        host: "127.0.0.1",
        store: harness.store,
        queue: harness.queue,
        log: (line) => log.push(line),
      });
      await bot.stop();
      const warnings = log.filter((line) => line.startsWith("WARNING approvals:"));
      assert.equal(warnings.length, 2, log.join("\n"));
      assert.match(warnings[0], /no approver channel is configured .* no admin may choose one \(APPROVER_ADMIN_AAD_IDS is empty\)/);
      assert.match(warnings[1], /nobody may decide/);
    });
  });

  describe("with an admin listed", () => {
    let harness: BotHarness;
    before(
      async () => (harness = await startBotHarness({ APPROVER_AAD_IDS: APPROVER.aadObjectId, APPROVER_ADMIN_AAD_IDS: ADMIN.aadObjectId })),
    );
    after(() => harness.stop());

    it("refuses a stranger and an approver who is not an admin, with a clear message; the admin's choice is stored", async () => {
      assert.equal(await claim(harness, STRANGER), replies.channelCommandRefused);
      assert.equal(await claim(harness, APPROVER), replies.channelCommandRefused);
      assert.match(replies.channelCommandRefused, /Only an admin listed in APPROVER_ADMIN_AAD_IDS/);
      assert.equal(await harness.store.settings.get("approverChannel", StoredChannel), undefined, "nothing stored yet");

      assert.match(await claim(harness, ADMIN), /now the approver channel/);
      const stored = await harness.store.settings.get("approverChannel", StoredChannel);
      assert.deepEqual([stored?.channelId, stored?.setByAadObjectId], [CHANNEL, ADMIN.aadObjectId]);
    });
  });

  describe("with an admin listed and the approvers' tenant configured", () => {
    let harness: BotHarness;
    before(
      async () =>
        (harness = await startBotHarness({
          APPROVER_AAD_IDS: APPROVER.aadObjectId,
          APPROVER_ADMIN_AAD_IDS: ADMIN.aadObjectId,
          APPROVER_TENANT_ID: "tenant-1",
        })),
    );
    after(() => harness.stop());

    it("refuses the admin's object id from another tenant; from the approvers' tenant the choice is stored", async () => {
      assert.equal(await claim(harness, ADMIN, "tenant-evil"), replies.channelCommandRefused);
      assert.equal(await harness.store.settings.get("approverChannel", StoredChannel), undefined, "nothing stored");
      assert.match(await claim(harness, ADMIN, "tenant-1"), /now the approver channel/);
    });
  });
});
