/**
 * End to end: the bot and the Microsoft 365 Agents Playground, driven in headless Chromium, with
 * models that stream (the latency simulator). Asks a question in the personal chat, sees the
 * informative update, the answer's text streaming, then the final message (text with citations, the
 * AI label, the card with specialist sections, Teams' feedback), asks a suggested follow-up with its
 * button, and saves screenshots under test-results/e2e/ (look at them).
 */
import assert from "node:assert/strict";
import { labelsFor } from "../../src/domain";
import { OfflineReplies } from "../../bench/sim/offline-replies";
import { LatencyModelServer } from "../fakes/latency-model-server";
import { sampleData } from "../fakes/workflow-harness";
import { chromiumInstalled, openPlaygroundSession, type PlaygroundSession } from "./playground-harness";

const en = labelsFor("en");

describe("e2e: the bot in the Agents Playground (headless Chromium)", function () {
  this.timeout(90_000);
  let session: PlaygroundSession;
  let model: LatencyModelServer | undefined;

  before(async function () {
    if (!chromiumInstalled()) this.skip();
    // Models that stream like the API, at full speed, so the Playground shows the answer being written.
    model = new LatencyModelServer({ replies: await OfflineReplies.create(sampleData) });
    const { baseUrl } = await model.start();
    session = await openPlaygroundSession({
      LLM_PROVIDER: "openai-compatible",
      OPENAI_BASE_URL: baseUrl,
      OPENAI_API_KEY: "e2e",
      CONTRACT_SENSITIVITY_LABEL: "Confidential",
    });
  });
  afterEach(async function () {
    await session?.reportFailure(this.currentTest);
  });
  after(async () => {
    await session?.close();
    await model?.stop();
  });

  it("asks a question, streams what is happening, then the answer's text, then the answer with citations, the AI label and Teams' feedback", async () => {
    const { page } = session;
    const question = "Can we renew the Acme SaaS contract at +8%?";
    const sentAt = await session.send(question);

    // A personal chat streams: informative updates, then the conclusion as it is written, then one
    // final message with the text, its citations and the card below it.
    await page
      .getByText(/Routing your question…|Checking with|Putting the answer together/)
      .first()
      .waitFor({ timeout: 40_000 });
    const firstReactionMs = performance.now() - sentAt;
    await session.screenshot("1-first-reaction");
    const streamed = await session.botMessage(
      (message) =>
        message.action === "updateMessage" && message.attachments.length === 0 && message.text.length > 20 && !message.text.endsWith("…"),
      "streamed answer text",
      60_000,
    );
    const streamedMs = performance.now() - sentAt;
    await session.screenshot("2-streaming-text");
    const answer = page.locator(".ac-adaptiveCard", { hasText: en.sources }).last();
    await answer.waitFor({ timeout: 60_000 });
    const answerMs = performance.now() - sentAt;
    await answer.scrollIntoViewIfNeeded();
    await session.screenshot("3-answer");
    assert.equal(await page.locator(".ac-adaptiveCard", { hasText: en.progressTitle }).count(), 0, "no progress card in a personal chat");
    const cardText = await answer.innerText();
    assert.ok(cardText.includes(question), "the question is quoted");
    assert.ok(!cardText.includes(en.conclusion), "the card does not repeat the conclusion the text shows");
    assert.ok(!cardText.includes(en.thumbsUp), "no feedback buttons on the card: Teams' own feedback loop asks");
    // The final text continues what was streamed, with citation pills; the AI label is shown.
    await page.getByText(streamed.text.slice(0, 30)).first().waitFor({ timeout: 5_000 });
    await page
      .getByText(/AI generated/i)
      .first()
      .waitFor({ timeout: 5_000 });
    const sections = answer.getByRole("button", { name: en.showDetails });
    assert.ok((await sections.count()) >= 1, "at least one collapsible specialist section");
    await sections.first().click();
    await session.screenshot("4-section-open");

    // Teams' feedback loop: 👍 under the answer, the comment form, submitted to the bot.
    await page.locator('[aria-label="Feedback Button"]').last().getByRole("button").first().click();
    await page.getByPlaceholder(/Give as much detail/).fill("Clear and well sourced.");
    await session.screenshot("5-feedback-form");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("We appreciate your feedback.").waitFor({ timeout: 10_000 });
    await page.getByRole("button", { name: "Close" }).click();

    console.log(
      `      Playground: first reaction ${Math.round(firstReactionMs)} ms, streamed text ${Math.round(streamedMs)} ms, answer visible ${Math.round(answerMs)} ms`,
    );
  });

  it("asks a suggested follow-up with its button in the same chat, and the answer says what it understood", async () => {
    const { page } = session;
    const answer = page.locator(".ac-adaptiveCard", { hasText: en.sources }).last();
    await answer.getByRole("button", { name: "Why?", exact: true }).click();
    const followUp = page.locator(".ac-adaptiveCard", { hasText: en.understoodAs }).last();
    await followUp.waitFor({ timeout: 40_000 });
    await followUp.scrollIntoViewIfNeeded();
    await session.screenshot("6-follow-up");
    const text = await followUp.innerText();
    assert.ok(text.includes("Why? (about: Can we renew the Acme SaaS contract at +8%?)"), text);
  });
});
