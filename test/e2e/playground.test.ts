/**
 * End to end: the bot and the Microsoft 365 Agents Playground, driven in headless Chromium. Asks a
 * question in the personal chat, sees the streamed update and then the answer card with specialist
 * sections, clicks 👍, asks a suggested follow-up with its button, and saves screenshots under
 * test-results/e2e/ (look at them).
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
  afterEach(async function () {
    await session?.reportFailure(this.currentTest);
  });
  after(async () => {
    await session?.close();
  });

  it("asks a question, streams what is happening then the answer with specialist sections, and takes 👍", async () => {
    const { page } = session;
    const question = "Can we renew the Acme SaaS contract at +8%?";
    const sentAt = await session.send(question);

    // A personal chat streams: the first reaction is the stream's informative update (offline, the
    // answer may already have replaced it by the time the Playground draws it), then one final
    // message that carries the answer card.
    const answer = page.locator(".ac-adaptiveCard", { hasText: en.conclusion }).last();
    const first = await Promise.race([
      page.getByText("Routing your question…").first().waitFor({ timeout: 40_000 }).then(() => "informative"),
      answer.waitFor({ timeout: 40_000 }).then(() => "answer"),
    ]);
    const firstReactionMs = performance.now() - sentAt;
    await session.screenshot("1-first-reaction");
    await answer.waitFor({ timeout: 40_000 });
    const answerMs = performance.now() - sentAt;
    await answer.scrollIntoViewIfNeeded();
    await session.screenshot("2-answer");
    assert.equal(await page.locator(".ac-adaptiveCard", { hasText: en.progressTitle }).count(), 0, "no progress card in a personal chat");
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

    console.log(`      Playground: first reaction (${first}) ${Math.round(firstReactionMs)} ms, answer card visible ${Math.round(answerMs)} ms`);
  });

  it("asks a suggested follow-up with its button in the same chat, and the answer says what it understood", async () => {
    const { page } = session;
    const answer = page.locator(".ac-adaptiveCard", { hasText: en.conclusion }).last();
    await answer.locator("button", { hasText: "Why?" }).click();
    const followUp = page.locator(".ac-adaptiveCard", { hasText: en.understoodAs }).last();
    await followUp.waitFor({ timeout: 40_000 });
    await followUp.scrollIntoViewIfNeeded();
    await session.screenshot("5-follow-up");
    const text = await followUp.innerText();
    assert.ok(text.includes("Why? (about: Can we renew the Acme SaaS contract at +8%?)"), text);
  });
});
