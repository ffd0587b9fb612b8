/**
 * The shared set-up of the end-to-end tests: the bot in its own process (as in production, so its
 * work never delays the test's clock), the Microsoft 365 Agents Playground in front of it, headless
 * Chromium on the Playground page, and a recorder of what the bot sends (the Playground's stream,
 * which carries ids the UI does not show).
 *
 * ```ts
 * before(async function () {
 *   if (!chromiumInstalled()) this.skip();
 *   session = await openPlaygroundSession({ APPROVER_CHANNEL_ID: "…" });
 * });
 * after(() => session?.close());
 * ```
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { chromium, type Browser, type Page } from "playwright-core";
import { z } from "zod";
import { startPlayground } from "../../src/cli/dev-playgrounds";
import { stopChild, tailOf, waitForOutput } from "../fakes/child-process";
import { SAMPLE_DATA_DIR } from "../fakes/test-config";

const CHROMIUM = "/usr/bin/chromium";
const SHOTS = "test-results/e2e";
const SCREEN_HEIGHT = 2200;

/** False when Debian's chromium is missing (`apt-get install -y chromium`; .ci/run does). */
export function chromiumInstalled(): boolean {
  return existsSync(CHROMIUM);
}

/** One message the bot created or updated, as the Playground streams it to its clients. */
export interface StreamedMessage {
  action: "createMessage" | "updateMessage";
  /** The chat, or for channel posts the channel (`<channel>;messageid=<root>` for replies in a thread). */
  conversationId: string;
  messageId: string;
  text: string;
  attachments: { contentType: string; content?: unknown }[];
  /** The attachments as JSON, for "does this card show X" checks. */
  json: string;
}

/** A stream event; typing events (and any future kind) carry no message and are ignored. */
const StreamEventSchema = z.object({
  action: z.string(),
  actionConversationId: z.string().default(""),
  message: z
    .object({
      messageId: z.string(),
      text: z.string().optional(),
      attachments: z.array(z.object({ contentType: z.string(), content: z.unknown() })).optional(),
    })
    .optional(),
});

/** A Playground page in the browser, with what the bot streamed to that Playground. */
export interface PlaygroundPage {
  /** The Playground's base URL (its headless API lives under it too). */
  url: string;
  page: Page;
  /** Types `text` in the compose box and sends it as the Playground's current user; resolves with performance.now() at the click. */
  send(text: string): Promise<number>;
  /** The first message the bot sent (past or future) matching `predicate`; rejects after `timeoutMs`. */
  botMessage(predicate: (message: StreamedMessage) => boolean, what: string, timeoutMs?: number): Promise<StreamedMessage>;
  /** Saves a screenshot of the page as test-results/e2e/<name>.png. */
  screenshot(name: string): Promise<void>;
  /** What arrived on the stream so far (for failure reports). */
  streamed(): string;
}

/** The bot, the Playground and a browser page on it, ready for a test. */
export interface PlaygroundSession extends PlaygroundPage {
  /** On a failed test: a screenshot named after it, and what the bot streamed and printed, on the console. */
  reportFailure(test: Mocha.Test | undefined): Promise<void>;
  /** Closes the browser and stops the Playground and the bot. */
  close(): Promise<void>;
}

/** `npm run dev` as a newcomer runs it: the employee's and the approver's Playgrounds, each open in a page. */
export interface DevSession {
  employee: PlaygroundPage;
  approver: PlaygroundPage;
  reportFailure(test: Mocha.Test | undefined): Promise<void>;
  close(): Promise<void>;
}

/** Starts the offline bot (with `botEnv` added), the Playground and Chromium, and opens the page. */
export async function openPlaygroundSession(botEnv: Record<string, string> = {}): Promise<PlaygroundSession> {
  mkdirSync(SHOTS, { recursive: true });
  const children: ChildProcess[] = [];
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    for (const child of children.reverse()) await stopChild(child);
  };
  try {
    const bot = spawn(process.execPath, ["--require", "tsx/cjs", "src/index.ts"], {
      env: {
        ...process.env,
        PROCURA_DATA_DIR: SAMPLE_DATA_DIR,
        NODE_ENV: "test",
        LLM_PROVIDER: "offline",
        PORT: String(await freePort()),
        ...botEnv,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(bot);
    const botOutput = tailOf(bot);
    const botUrl = await waitForOutput(bot, /Procura is listening on (\S+)/);
    const playground = await startPlayground(botUrl, 0);
    children.push(playground.child);
    browser = await launchChromium();
    const opened = await openPlaygroundPage(browser, playground.url);
    return { ...opened, reportFailure: (test) => reportFailure(test, [opened], botOutput), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Runs `npm run dev` (src/cli/dev.ts) with the offline engine on free ports, with no approver
 * settings of its own, and opens the two Playgrounds its banner names: what a newcomer gets.
 */
export async function openDevSession(): Promise<DevSession> {
  mkdirSync(SHOTS, { recursive: true });
  const { APPROVER_AAD_IDS: _none, APPROVER_TEAM_ID: _team, APPROVER_CHANNEL_ID: _channel, ...env } = process.env;
  const dev = spawn(process.execPath, ["--require", "tsx/cjs", "src/cli/dev.ts"], {
    env: {
      ...env,
      PROCURA_DATA_DIR: SAMPLE_DATA_DIR,
      NODE_ENV: "test",
      LLM_PROVIDER: "offline",
      PORT: "0",
      PLAYGROUND_PORT: "0",
      PLAYGROUND_APPROVER_PORT: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await stopChild(dev);
  };
  try {
    const devOutput = tailOf(dev);
    const [employeeUrl, approverUrl] = await Promise.all([
      waitForOutput(dev, /Ask as .*?(http:\/\/\S+)/),
      waitForOutput(dev, /Decide as .*?(http:\/\/\S+)/),
    ]);
    browser = await launchChromium();
    const employee = await openPlaygroundPage(browser, employeeUrl);
    const approver = await openPlaygroundPage(browser, approverUrl);
    return { employee, approver, reportFailure: (test) => reportFailure(test, [employee, approver], devOutput), close };
  } catch (error) {
    await close();
    throw error;
  }
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/** Opens the Playground at `url` in a new page, with a recorder of its stream connected before anything is asked. */
async function openPlaygroundPage(browser: Browser, url: string): Promise<PlaygroundPage> {
  // Tall: the Playground scrolls the chat inside a fixed-height pane, so a full-page shot would cut long cards.
  const page = await browser.newPage({ viewport: { width: 1280, height: SCREEN_HEIGHT } });
  const recorder = new MessageRecorder();
  await page.exposeFunction("__procuraStreamed", (raw: string) => recorder.add(raw));
  await page.goto(url);
  const compose = page.locator('[data-lexical-editor="true"]');
  await compose.waitFor();
  // A second stream client in the page, open before the test asks anything.
  await page.evaluate(
    (streamUrl) =>
      new Promise<void>((resolve, reject) => {
        const socket = new WebSocket(streamUrl);
        socket.onmessage = (message) => void (globalThis as any).__procuraStreamed(String(message.data));
        socket.onopen = () => resolve();
        socket.onerror = () => reject(new Error(`could not open ${streamUrl}`));
      }),
    `${url.replace(/^http/, "ws")}/_ws_conversation/v1/conversations/stream`,
  );
  return {
    url,
    page,
    async send(text) {
      await compose.click();
      await compose.fill(text);
      const sentAt = performance.now();
      await page.getByRole("button", { name: "Send Message" }).click();
      return sentAt;
    },
    botMessage: (predicate, what, timeoutMs = 40_000) => recorder.waitFor(predicate, what, timeoutMs),
    async screenshot(name) {
      await page.screenshot({ path: `${SHOTS}/${name}.png` });
    },
    streamed: () => recorder.summary(),
  };
}

/** On a failed test: a screenshot of each page named after it, what each Playground streamed, and the process's last output. */
async function reportFailure(test: Mocha.Test | undefined, pages: PlaygroundPage[], output: () => string): Promise<void> {
  if (test?.state !== "failed") return;
  const name = `failed-${test.title.replace(/[^a-z0-9]+/gi, "-").slice(0, 60)}`;
  for (const [index, opened] of pages.entries()) {
    const file = `${SHOTS}/${name}${pages.length > 1 ? `-${index + 1}` : ""}.png`;
    await opened.page.screenshot({ path: file }).catch(() => undefined);
    console.log(`      [e2e] screenshot ${file}; streamed: ${opened.streamed()}`);
  }
  console.log(`      [e2e] the bot's last output:\n${output()}`);
}

/** The bot's streamed messages, in arrival order, with waiters woken on each new one. */
class MessageRecorder {
  private readonly messages: StreamedMessage[] = [];
  private readonly actions: string[] = [];
  private waiters: {
    predicate: (message: StreamedMessage) => boolean;
    resolve: (message: StreamedMessage) => void;
    reject: (error: unknown) => void;
  }[] = [];

  add(raw: string): void {
    const parsed = StreamEventSchema.safeParse(safeJson(raw));
    if (!parsed.success) return;
    const { action, actionConversationId, message } = parsed.data;
    this.actions.push(`${action} ${actionConversationId}`);
    if (!message || (action !== "createMessage" && action !== "updateMessage")) return;
    const attachments = message.attachments ?? [];
    const streamed: StreamedMessage = {
      action,
      conversationId: actionConversationId,
      messageId: message.messageId,
      text: message.text ?? "",
      attachments,
      json: JSON.stringify(attachments),
    };
    this.messages.push(streamed);
    for (const waiter of [...this.waiters]) {
      try {
        if (!waiter.predicate(streamed)) continue;
        waiter.resolve(streamed);
      } catch (error) {
        waiter.reject(error);
      }
      this.waiters = this.waiters.filter((other) => other !== waiter);
    }
  }

  /** What arrived so far, one `action conversation` per stream event. */
  summary(): string {
    return this.actions.join(", ") || "nothing";
  }

  waitFor(predicate: (message: StreamedMessage) => boolean, what: string, timeoutMs: number): Promise<StreamedMessage> {
    const found = this.messages.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.resolve !== done);
        reject(new Error(`no ${what} within ${timeoutMs} ms; streamed: ${this.summary()}`));
      }, timeoutMs);
      const done = (message: StreamedMessage) => {
        clearTimeout(timer);
        resolve(message);
      };
      this.waiters.push({
        predicate,
        resolve: done,
        reject: (error) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      });
    });
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
