import assert from "node:assert/strict";
import { TestAdapter, TurnContext, type Activity } from "botbuilder";
import { stringsFor } from "../../../src/domain";
import { isCardActionInvoke, refuseUnhandledCardAction } from "../../../src/teams/card-actions";

/** A turn over botbuilder's in-memory adapter: what the bot sends lands in its `activeQueue`. */
function turn(activity: Partial<Activity>): TurnContext {
  return new TurnContext(new TestAdapter(), {
    channelId: "msteams",
    conversation: { id: "personal-1", isGroup: false, conversationType: "personal", name: "" },
    from: { id: "user-1", name: "Test User" },
    recipient: { id: "28:procura", name: "Procura" },
    locale: "en-US",
    ...activity,
  });
}

const cardAction = (value: unknown, locale = "en-US") => turn({ type: "invoke", name: "adaptiveCard/action", value, locale });

describe("teams/card-actions: card actions no verb route takes", () => {
  it("selects every adaptiveCard/action invoke, and nothing else", async () => {
    assert.equal(await isCardActionInvoke(cardAction(undefined)), true);
    assert.equal(await isCardActionInvoke(cardAction({ action: { type: "Action.Execute" } })), true);
    assert.equal(await isCardActionInvoke(turn({ type: "invoke", name: "composeExtension/query", value: {} })), false);
    assert.equal(await isCardActionInvoke(turn({ type: "message", name: "adaptiveCard/action", text: "hi" })), false);
  });

  for (const [name, value, why] of [
    ["no value", undefined, "no value"],
    ["a value without an action", { trigger: "manual" }, "no verb"],
    ["an action without a verb", { action: { type: "Action.Execute", data: {} } }, "no verb"],
    ["an unknown verb", { action: { type: "Action.Execute", verb: "launch.rockets", data: {} } }, "unknown verb"],
  ] as const) {
    it(`answers ${name} with a 200 message invoke response carrying the polite refusal, and logs why`, async () => {
      const log: string[] = [];
      const context = cardAction(value);
      await refuseUnhandledCardAction({ turn: context, services: { log: (line) => log.push(line) } });
      const [response, ...more] = (context.adapter as TestAdapter).activeQueue;
      assert.equal(more.length, 0, "one activity: the invoke response");
      assert.equal(response?.type, "invokeResponse");
      assert.deepEqual(response.value, {
        status: 200,
        body: { statusCode: 200, type: "application/vnd.microsoft.activity.message", value: stringsFor("en").bot.unsupportedAction },
      });
      assert.deepEqual(log, [`card action refused (adaptiveCard/action): ${why}`]);
    });
  }

  it("refuses in Japanese for a Japanese client", async () => {
    const context = cardAction(undefined, "ja-JP");
    await refuseUnhandledCardAction({ turn: context, services: { log: () => undefined } });
    assert.equal((context.adapter as TestAdapter).activeQueue[0]?.value.body.value, stringsFor("ja").bot.unsupportedAction);
  });
});
