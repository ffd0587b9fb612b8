/**
 * End to end: HITL approval in the Microsoft 365 Agents Playground. The employee (the Playground's
 * current user) asks in the personal chat a question that needs approval; the approval card appears
 * as a new thread in the team's Approvals channel; Kenji Sato (an approver in the committed tenant)
 * approves; the answer, marked as reviewed, appears in the employee's chat. The employee's side is
 * driven in headless Chromium; the approver's click goes through the Playground's headless invoke
 * API (the browser UI acts only as the current user). Screenshots go to test-results/e2e/.
 */
import assert from "node:assert/strict";
import { labelsFor } from "../../src/cards/labels";
import { chromiumInstalled, openPlaygroundSession, type PlaygroundSession } from "./playground-harness";

const en = labelsFor("en");
/** From .m365agentsplayground.yml: the approvers, the employee, and the team's Approvals channel. */
const KENJI = { id: "user-approver-1", aadObjectId: "00000000-0000-0000-0000-0000000000c1" };
const MARIA_AAD = "00000000-0000-0000-0000-0000000000c2";
const TEAM_ID = "team-procurement";
const CHANNEL_ID = "channel-approvals";

describe("e2e: approval in the Agents Playground (approver channel, approver's click, answer in the requester's chat)", function () {
  this.timeout(90_000);
  let session: PlaygroundSession;

  before(async function () {
    if (!chromiumInstalled()) this.skip();
    session = await openPlaygroundSession({
      APPROVER_TEAM_ID: TEAM_ID,
      APPROVER_CHANNEL_ID: CHANNEL_ID,
      APPROVER_AAD_IDS: `${KENJI.aadObjectId},${MARIA_AAD}`,
    });
  });
  afterEach(async function () {
    await session?.reportFailure(this.currentTest);
  });
  after(async () => {
    await session?.close();
  });

  it("asks, sees the card in the Approvals channel, Kenji approves, and the reviewed answer reaches the employee", async () => {
    const { page } = session;
    const question = "Can we sign a ¥50,000,000 three-year cloud services contract with Acme?";
    await session.send(question);

    await page.locator(".ac-adaptiveCard", { hasText: en.underReviewTitle }).waitFor({ timeout: 40_000 });
    await session.screenshot("approval-1-under-review");

    const posted = await session.botMessage(
      (m) => m.action === "createMessage" && m.conversationId.startsWith(CHANNEL_ID) && m.json.includes(en.approvalTitle),
      "approval card in the Approvals channel",
    );
    const approvalId = posted.json.match(/"approvalId":"([^"]+)"/)![1]!;
    await page.locator('[role="treeitem"]', { hasText: "Approvals" }).first().click();
    const approvalCard = page.locator(".ac-adaptiveCard", { hasText: en.approvalTitle }).last();
    await approvalCard.waitFor();
    assert.ok((await approvalCard.innerText()).includes(question.slice(0, 30)), "the card quotes the question");
    await approvalCard.scrollIntoViewIfNeeded();
    await session.screenshot("approval-2-channel-card");

    const threadId = posted.conversationId.includes(";messageid=") ? posted.conversationId : `${CHANNEL_ID};messageid=${posted.messageId}`;
    const invoke = await fetch(`${session.url}/_conversation/v1/invoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "adaptiveCard/action",
        value: { action: { type: "Action.Execute", verb: "approval.approve", data: { approvalId } } },
        from: { id: KENJI.id },
        conversation: { id: threadId },
        replyToId: posted.messageId,
      }),
    });
    const response = JSON.stringify(await invoke.json());
    assert.ok(response.includes(en.outcomeApproved), `the invoke answers with the outcome card: ${response.slice(0, 400)}`);

    await session.botMessage((m) => m.conversationId.startsWith("personal") && m.json.includes(en.reviewed), "reviewed answer in the personal chat");
    await page.locator('[role="treeitem"][aria-label="Personal Chat"]').click();
    const answer = page.locator(".ac-adaptiveCard", { hasText: en.reviewed }).last();
    await answer.waitFor({ timeout: 20_000 });
    assert.ok((await answer.innerText()).includes(en.conclusion));
    await answer.scrollIntoViewIfNeeded();
    await session.screenshot("approval-3-answer");
  });
});
