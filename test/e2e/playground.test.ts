/**
 * End to end: the bot and the Microsoft 365 Agents Playground, driven in headless Chromium. Asks a
 * question in the personal chat, sees the progress card and then the answer card with specialist
 * sections, clicks 👍, and saves screenshots under test-results/e2e/ (look at them).
 */
import assert from "node:assert/strict";
import { labelsFor } from "../../src/cards/labels";
import { chromiumInstalled, openPlaygroundSession, type PlaygroundSession } from "./playground-harness";

const en = labelsFor("en");

describe("e2e: the bot in the Agents Playground (headless Chromium)", function () {
  this.timeout(60_000);
  let session: PlaygroundSession;

  before(async function () {
    if (!chromiumInstalled()) this.skip();
    session = await openPlaygroundSession();
  });
  after(async () => {
    await session?.close();
  });

  it("asks a question, shows progress then the answer with specialist sections, and takes 👍", async () => {
    const { page } = session;
    const question = "Can we renew the Acme SaaS contract at +8%?";
    const sentAt = await session.send(question);

    const progress = page.locator(".ac-adaptiveCard", { hasText: en.progressTitle }).first();
    await progress.waitFor();
    const firstReactionMs = performance.now() - sentAt;
    await session.screenshot("1-progress");

    const answer = page.locator(".ac-adaptiveCard", { hasText: en.conclusion }).last();
    await answer.waitFor({ timeout: 40_000 });
    const answerMs = performance.now() - sentAt;
    await answer.scrollIntoViewIfNeeded();
    await session.screenshot("2-answer");

    const text = await answer.innerText();
    assert.ok(text.includes(en.offline), "offline label");
    assert.ok(text.includes(question), "the question is quoted");
    const sections = answer.getByRole("button", { name: en.showDetails });
    assert.ok((await sections.count()) >= 1, "at least one collapsible specialist section");
    await sections.first().click();
    await session.screenshot("3-section-open");

    await answer.getByRole("button", { name: en.thumbsUp }).click();
    await page.locator(".ac-adaptiveCard", { hasText: en.feedbackThanks("up") }).waitFor();
    await session.screenshot("4-feedback");

    console.log(`      Playground: first reaction (progress card visible) ${Math.round(firstReactionMs)} ms, answer card visible ${Math.round(answerMs)} ms`);
  });
});
