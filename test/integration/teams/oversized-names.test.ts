import assert from "node:assert/strict";
import { startBotHarness, type BotHarness } from "./bot-harness";

/** Over 28 KB of name: what a hostile or broken client can put in `from.name` and `conversation.name`. */
const HUGE = "名".repeat(30_000);

describe("Oversized account and conversation names (bot, offline model, embedded Cosmos, Azurite)", function () {
  this.timeout(60_000);
  let harness: BotHarness;
  before(async () => {
    harness = await startBotHarness();
  });
  after(() => harness?.stop());

  for (const field of ["from.name", "conversation.name"] as const)
    it(`answers a question whose ${field} is over 28 KB, and logs that the name was cut`, async () => {
      const message = harness.message("Who must approve a ¥5M purchase order?");
      const activity =
        field === "from.name"
          ? { ...message, from: { ...message.from, name: HUGE } }
          : { ...message, conversation: { ...message.conversation, name: HUGE } };
      const before = harness.log.length;
      assert.equal((await harness.post(activity)).status, 200);
      const answer = await harness.answerIn(message.conversation.id, 30_000);
      assert.ok(!JSON.stringify(answer.activity).includes(HUGE.slice(0, 1000)), "the name is not sent back whole");
      assert.ok(
        harness.log.slice(before).some((line) => line.includes(`${field} of 30,000 characters was cut`)),
        harness.log.slice(before).join("\n"),
      );
    });
});
