/**
 * End to end: HITL approval in the Microsoft 365 Agents Playground. The employee (the Playground's
 * current user) asks in the personal chat a question that needs approval; the approval card appears
 * as a new thread in the team's Approvals channel; Kenji Sato (an approver in the committed tenant)
 * approves; the answer, marked as reviewed, appears in the employee's chat. The employee's side is
 * driven in headless Chromium; the approver's click goes through the Playground's headless invoke
 * API (the browser UI acts only as the current user). Screenshots go to test-results/e2e/.
 */
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { once } from "node:events";
import { createServer } from "node:net";
import { chromium, type Browser, type Page } from "playwright-core";
import { labelsFor } from "../../src/cards/labels";
import { startPlayground } from "../../src/cli/dev";

const CHROMIUM = "/usr/bin/chromium";
const SHOTS = "test-results/e2e";
const en = labelsFor("en");
/** From .m365agentsplayground.yml: the approvers, the employee, and the team's Approvals channel. */
const KENJI = { id: "user-approver-1", aadObjectId: "00000000-0000-0000-0000-0000000000c1" };
const MARIA_AAD = "00000000-0000-0000-0000-0000000000c2";
const TEAM_ID = "team-procurement";
const CHANNEL_ID = "channel-approvals";

/** One message the bot sent, as the Playground streams it to its clients. */
interface StreamEvent {
  action: "createMessage" | "updateMessage" | string;
  actionConversationId: string;
  message?: { messageId: string; text?: string; attachments?: { contentType: string; content: any }[] };
}

describe("e2e: approval in the Agents Playground (approver channel, approver's click, answer in the requester's chat)", function () {
  this.timeout(90_000);
  let bot: ChildProcess;
  let playground: { url: string; child: ChildProcess };
  let browser: Browser;
  let page: Page;

  before(async function () {
    if (!existsSync(CHROMIUM)) this.skip(); // `apt-get install -y chromium` (.ci/run does)
    mkdirSync(SHOTS, { recursive: true });
    const port = await freePort();
    bot = spawn(process.execPath, ["--require", "tsx/cjs", "src/index.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        LLM_PROVIDER: "offline",
        PORT: String(port),
        APPROVER_TEAM_ID: TEAM_ID,
        APPROVER_CHANNEL_ID: CHANNEL_ID,
        APPROVER_AAD_IDS: `${KENJI.aadObjectId},${MARIA_AAD}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const botUrl = await waitForOutput(bot, /Procura is listening on (\S+)/);
    playground = await startPlayground(botUrl, 0);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(playground.url);
    await page.locator('[data-lexical-editor="true"]').waitFor();
    // A second stream client in the page records what the bot sends (ids the UI does not show).
    await page.evaluate((url) => {
      const events: unknown[] = [];
      (globalThis as any).__procuraEvents = events;
      const socket = new WebSocket(url);
      socket.onmessage = (message) => events.push(JSON.parse(String(message.data)));
    }, `${playground.url.replace(/^http/, "ws")}/_ws_conversation/v1/conversations/stream`);
  });

  after(async () => {
    await browser?.close();
    for (const child of [playground?.child, bot]) {
      if (child && child.exitCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
    }
  });

  /** The first streamed bot message matching `predicate`, polling the page's recorder. */
  async function streamed(predicate: (event: StreamEvent) => boolean, what: string, timeoutMs = 40_000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const events = (await page.evaluate(() => (globalThis as any).__procuraEvents)) as StreamEvent[];
      const found = events.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) assert.fail(`no ${what} within ${timeoutMs} ms; saw ${events.map((e) => `${e.action} ${e.actionConversationId}`).join(", ")}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it("asks, sees the card in the Approvals channel, Kenji approves, and the reviewed answer reaches the employee", async () => {
    const question = "Can we sign a ¥50,000,000 three-year cloud services contract with Acme?";
    const compose = page.locator('[data-lexical-editor="true"]');
    await compose.click();
    await compose.fill(question);
    await page.getByRole("button", { name: "Send Message" }).click();

    await page.locator(".ac-adaptiveCard", { hasText: en.underReviewTitle }).waitFor({ timeout: 40_000 });
    await page.screenshot({ path: `${SHOTS}/approval-1-under-review.png`, fullPage: true });

    const posted = await streamed(
      (e) => e.action === "createMessage" && (e.actionConversationId ?? "").startsWith(CHANNEL_ID) && JSON.stringify(e.message?.attachments ?? []).includes(en.approvalTitle),
      "approval card in the Approvals channel",
    );
    const card = posted.message!.attachments![0]!.content;
    const approvalId = JSON.stringify(card).match(/"approvalId":"([^"]+)"/)![1]!;
    await page.locator('[role="treeitem"]', { hasText: "Approvals" }).first().click();
    const approvalCard = page.locator(".ac-adaptiveCard", { hasText: en.approvalTitle }).last();
    await approvalCard.waitFor();
    assert.ok((await approvalCard.innerText()).includes(question.slice(0, 30)), "the card quotes the question");
    await approvalCard.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/approval-2-channel-card.png`, fullPage: true });

    const threadId = posted.actionConversationId.includes(";messageid=") ? posted.actionConversationId : `${CHANNEL_ID};messageid=${posted.message!.messageId}`;
    const invoke = await fetch(`${playground.url}/_conversation/v1/invoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "adaptiveCard/action",
        value: { action: { type: "Action.Execute", verb: "approval.approve", data: { approvalId } } },
        from: { id: KENJI.id },
        conversation: { id: threadId },
        replyToId: posted.message!.messageId,
      }),
    });
    const response = JSON.stringify(await invoke.json());
    assert.ok(response.includes(en.outcomeApproved), `the invoke answers with the outcome card: ${response.slice(0, 400)}`);

    await streamed((e) => (e.actionConversationId ?? "").startsWith("personal") && JSON.stringify(e.message?.attachments ?? []).includes(en.reviewed), "reviewed answer in the personal chat");
    await page.locator('[role="treeitem"][aria-label="Personal Chat"]').click();
    const answer = page.locator(".ac-adaptiveCard", { hasText: en.reviewed }).last();
    await answer.waitFor({ timeout: 20_000 });
    assert.ok((await answer.innerText()).includes(en.conclusion));
    await answer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/approval-3-answer.png`, fullPage: true });
  });
});

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves with the first capture of `pattern` in the child's output; rejects if it exits first. */
function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<string> {
  let output = "";
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = pattern.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`the bot exited (${code}):\n${output.slice(-2000)}`)));
  });
}
