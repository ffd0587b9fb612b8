/**
 * End to end: HITL approval the way `npm run dev` gives it to a newcomer, with nothing configured.
 * Aiko (the employee Playground's current user) asks in her personal chat a question that needs
 * approval; the approval card appears in the Approvals channel of the approver's Playground, where
 * Kenji is the current user; Kenji clicks Approve in his browser; the reviewed answer reaches Aiko.
 * Aiko cannot decide (not an approver), and Kenji cannot decide a request of his own (segregation of
 * duties) — Maria can. Both pages are driven in headless Chromium; screenshots go to test-results/e2e/.
 */
import assert from "node:assert/strict";
import { labelsFor } from "../../src/domain";
import { chromiumInstalled, openDevSession, type DevSession, type StreamedMessage } from "./playground-harness";

const en = labelsFor("en");
/** From .m365agentsplayground.yml: the employee, the approvers and the team's Approvals channel. */
const AIKO = "user-employee";
const MARIA = "user-approver-2";
const CHANNEL_ID = "channel-approvals";

/** The approval id a posted approval card carries. */
function approvalIdOf(posted: StreamedMessage): string {
  return /"approvalId":"([^"]+)"/.exec(posted.json)![1];
}

describe("e2e: approvals out of the box with `npm run dev` (two Playgrounds: employee and approver)", function () {
  this.timeout(120_000);
  let session: DevSession;

  before(async function () {
    if (!chromiumInstalled()) this.skip();
    session = await openDevSession();
  });
  afterEach(async function () {
    await session?.reportFailure(this.currentTest);
  });
  after(async () => {
    await session?.close();
  });

  /** Clicks Approve on an approval card through the approver Playground's headless invoke API, as `fromId`. */
  async function invokeApprove(playgroundUrl: string, posted: StreamedMessage, fromId: string): Promise<string> {
    const threadId = posted.conversationId.includes(";messageid=") ? posted.conversationId : `${CHANNEL_ID};messageid=${posted.messageId}`;
    const invoke = await fetch(`${playgroundUrl}/_conversation/v1/invoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "adaptiveCard/action",
        value: { action: { type: "Action.Execute", verb: "approval.approve", data: { approvalId: approvalIdOf(posted) } } },
        from: { id: fromId },
        conversation: { id: threadId },
        replyToId: posted.messageId,
      }),
    });
    return JSON.stringify(await invoke.json());
  }

  it("Aiko asks, the card reaches Kenji's Approvals channel, Aiko cannot approve, Kenji clicks Approve, and the reviewed answer reaches Aiko", async () => {
    const { employee, approver } = session;
    const question = "Can we sign a ¥50,000,000 three-year cloud services contract with Acme?";
    await employee.send(question);
    await employee.page.locator(".ac-adaptiveCard", { hasText: en.underReviewTitle }).waitFor({ timeout: 40_000 });
    await employee.screenshot("approval-1-employee-under-review");

    const posted = await approver.botMessage(
      (m) => m.action === "createMessage" && m.conversationId.startsWith(CHANNEL_ID) && m.json.includes(en.approvalTitle),
      "approval card in the approver's Approvals channel",
    );
    assert.ok(posted.json.includes("Aiko Tanaka"), "the card names the requester");

    // The employee's own Playground has no card to click; a forged click as Aiko is refused.
    const byAiko = await invokeApprove(approver.url, posted, AIKO);
    assert.match(byAiko, /Only authorised approvers/);

    await approver.page.locator('[role="treeitem"]', { hasText: "Approvals" }).first().click();
    const approvalCard = approver.page.locator(".ac-adaptiveCard", { hasText: en.approvalTitle }).last();
    await approvalCard.waitFor();
    assert.ok((await approvalCard.innerText()).includes(question.slice(0, 30)), "the card quotes the question");
    await approvalCard.scrollIntoViewIfNeeded();
    await approver.screenshot("approval-2-approver-channel-card");
    await approvalCard.getByRole("button", { name: en.approve, exact: true }).click();
    await approver.page.locator(".ac-adaptiveCard", { hasText: en.outcomeApproved }).last().waitFor({ timeout: 20_000 });
    await approver.screenshot("approval-3-approver-outcome");

    await employee.botMessage(
      (m) => m.conversationId.startsWith("personal") && m.json.includes(en.reviewed),
      "reviewed answer in Aiko's personal chat",
    );
    // Teams' own answer message, as any answer in a personal chat: the text with citation markers, the card
    // below it. The Playground shows a message's text and its card as two messages; the text one has the markers.
    const delivered = await employee.botMessage(
      (m) => m.conversationId.startsWith("personal") && m.text.includes("[1]"),
      "the reviewed answer's text with citation markers",
    );
    assert.ok(delivered.text.includes("CTR-0001"), delivered.text);
    await employee.page.getByText(delivered.text.slice(0, 30)).first().waitFor({ timeout: 5_000 });
    const answer = employee.page.locator(".ac-adaptiveCard", { hasText: en.reviewed }).last();
    await answer.waitFor({ timeout: 20_000 });
    assert.ok((await answer.innerText()).includes(en.sources), "the card lists the sources the markers open");
    await answer.scrollIntoViewIfNeeded();
    await employee.screenshot("approval-4-employee-answer");
  });

  it("segregation of duties: Kenji asks himself; his Approve is refused, Maria's goes through", async () => {
    const { approver } = session;
    await approver.page.locator('[role="treeitem"][aria-label="Personal Chat"]').click();
    await approver.send("Can we commit ¥80,000,000 to Globex for logistics next year?");
    const posted = await approver.botMessage(
      (m) => m.action === "createMessage" && m.conversationId.startsWith(CHANNEL_ID) && m.json.includes("Globex"),
      "Kenji's own request in the Approvals channel",
    );
    await approver.page.locator('[role="treeitem"]', { hasText: "Approvals" }).first().click();
    const ownCard = approver.page.locator(".ac-adaptiveCard", { hasText: "Globex" }).last();
    await ownCard.waitFor();
    await ownCard.getByRole("button", { name: en.approve, exact: true }).click();
    await approver.page
      .getByText(/another approver must decide/)
      .first()
      .waitFor({ timeout: 20_000 });
    await approver.screenshot("approval-5-own-request-refused");

    assert.match(await invokeApprove(approver.url, posted, MARIA), new RegExp(en.outcomeApproved));
    await approver.botMessage(
      (m) => m.conversationId.startsWith("personal") && m.json.includes(en.reviewed),
      "the reviewed answer in Kenji's personal chat",
    );
  });
});
