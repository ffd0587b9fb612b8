/**
 * End to end: the bot and the Microsoft 365 Agents Playground, driven in headless Chromium. Asks a
 * question in the personal chat, sees the progress card and then the answer card with specialist
 * sections, clicks 👍, and saves screenshots under test-results/e2e/ (look at them).
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

describe("e2e: the bot in the Agents Playground (headless Chromium)", function () {
  this.timeout(60_000);
  let bot: ChildProcess;
  let playground: { url: string; child: ChildProcess };
  let browser: Browser;
  let page: Page;

  before(async function () {
    if (!existsSync(CHROMIUM)) this.skip(); // `apt-get install -y chromium` (.ci/run does)
    mkdirSync(SHOTS, { recursive: true });
    // The bot runs in its own process, as in production: its work never delays the test's clock.
    const port = await freePort();
    bot = spawn(process.execPath, ["--require", "tsx/cjs", "src/index.ts"], {
      env: { ...process.env, NODE_ENV: "test", LLM_PROVIDER: "offline", PORT: String(port) },
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
  });

  after(async () => {
    await browser?.close();
    if (playground?.child.exitCode === null) {
      playground.child.kill("SIGTERM");
      await once(playground.child, "exit");
    }
    if (bot?.exitCode === null) {
      bot.kill("SIGTERM");
      await once(bot, "exit");
    }
  });

  it("asks a question, shows progress then the answer with specialist sections, and takes 👍", async () => {
    const question = "Can we renew the Acme SaaS contract at +8%?";
    const compose = page.locator('[data-lexical-editor="true"]');
    await compose.click();
    await compose.fill(question);
    const sentAt = performance.now();
    await page.getByRole("button", { name: "Send Message" }).click();

    const progress = page.locator(".ac-adaptiveCard", { hasText: en.progressTitle }).first();
    await progress.waitFor();
    const firstReactionMs = performance.now() - sentAt;
    await page.screenshot({ path: `${SHOTS}/1-progress.png` });

    const answer = page.locator(".ac-adaptiveCard", { hasText: en.conclusion }).last();
    await answer.waitFor({ timeout: 40_000 });
    const answerMs = performance.now() - sentAt;
    await answer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/2-answer.png`, fullPage: true });

    const text = await answer.innerText();
    assert.ok(text.includes(en.offline), "offline label");
    assert.ok(text.includes(question), "the question is quoted");
    const sections = answer.getByRole("button", { name: en.showDetails });
    assert.ok((await sections.count()) >= 1, "at least one collapsible specialist section");
    await sections.first().click();
    await page.screenshot({ path: `${SHOTS}/3-section-open.png`, fullPage: true });

    await answer.getByRole("button", { name: en.thumbsUp }).click();
    await page.locator(".ac-adaptiveCard", { hasText: en.feedbackThanks("up") }).waitFor();
    await page.screenshot({ path: `${SHOTS}/4-feedback.png`, fullPage: true });

    console.log(`      Playground: first reaction (progress card visible) ${Math.round(firstReactionMs)} ms, answer card visible ${Math.round(answerMs)} ms`);
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
