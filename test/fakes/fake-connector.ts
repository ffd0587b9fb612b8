/**
 * A fake Bot Framework connector on loopback: the `serviceUrl` the bot replies to. It records every
 * activity the bot sends (POST) or updates (PUT) under /v3/conversations/…, answers with a new
 * activity id, and records anything else as unexpected (404) so tests fail loudly.
 *
 * ```ts
 * const connector = new FakeConnector();
 * const serviceUrl = await connector.start();
 * // … post an activity with this serviceUrl to the bot …
 * const card = await connector.waitFor((a) => a.method === "POST" && hasCard(a, "answer"));
 * ```
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One activity the bot sent or updated. */
export interface RecordedActivity {
  method: "POST" | "PUT";
  conversationId: string;
  /** The id the connector gave it (POST) or the id updated (PUT). */
  activityId: string;
  /** For POST …/activities/:id: the activity replied to. */
  replyToId?: string;
  activity: {
    type: string;
    text?: string;
    attachments?: { contentType: string; content: any }[];
    [key: string]: unknown;
  };
  /** performance.now() when it arrived. */
  at: number;
}

const ROUTE = /^\/v3\/conversations\/([^/]+)\/activities(?:\/([^/]+))?\/?$/;

/** The loopback connector. */
export class FakeConnector {
  readonly activities: RecordedActivity[] = [];
  readonly unexpected: string[] = [];
  private server: Server | undefined;
  private nextId = 1;
  private waiters: { predicate: (activity: RecordedActivity) => boolean; resolve: (activity: RecordedActivity) => void }[] = [];

  /** Starts listening; resolves with the serviceUrl to put in inbound activities. */
  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.listen(0, "127.0.0.1");
    await once(this.server, "listening");
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** Activities recorded for one conversation, in arrival order. */
  inConversation(conversationId: string): RecordedActivity[] {
    return this.activities.filter((activity) => activity.conversationId === conversationId);
  }

  /** The first recorded activity (past or future) matching `predicate`; rejects after `timeoutMs`. */
  waitFor(predicate: (activity: RecordedActivity) => boolean, timeoutMs = 15_000, what = "a matching activity"): Promise<RecordedActivity> {
    const found = this.activities.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.resolve !== done);
        const seen = this.activities.map((a) => `${a.method} ${a.conversationId} ${a.activity.type} ${describeCard(a) ?? JSON.stringify(a.activity.text ?? "")}`);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; recorded:\n  ${seen.join("\n  ")}`));
      }, timeoutMs);
      const done = (activity: RecordedActivity) => {
        clearTimeout(timer);
        resolve(activity);
      };
      this.waiters.push({ predicate, resolve: done });
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://localhost");
    const match = ROUTE.exec(url.pathname);
    if (!match || (req.method !== "POST" && req.method !== "PUT") || (req.method === "PUT" && !match[2])) {
      this.unexpected.push(`${req.method} ${url.pathname}`);
      reply(res, 404, { error: { code: "NotFound", message: "unexpected call" } });
      return;
    }
    const activity = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
    const method = req.method as "POST" | "PUT";
    const activityId = method === "PUT" ? decodeURIComponent(match[2]!) : `activity-${this.nextId++}`;
    const recorded: RecordedActivity = {
      method,
      conversationId: decodeURIComponent(match[1]!),
      activityId,
      ...(method === "POST" && match[2] ? { replyToId: decodeURIComponent(match[2]) } : {}),
      activity,
      at: performance.now(),
    };
    this.activities.push(recorded);
    reply(res, 200, { id: activityId });
    for (const waiter of [...this.waiters]) {
      if (waiter.predicate(recorded)) {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        waiter.resolve(recorded);
      }
    }
  }
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(body));
}

/** The first Adaptive Card's content in an activity, if any. */
export function cardOf(recorded: RecordedActivity): any | undefined {
  return recorded.activity.attachments?.find((a) => a.contentType === "application/vnd.microsoft.card.adaptive")?.content;
}

/** The first text of a card (its title line), used to tell cards apart in test output. */
export function describeCard(recorded: RecordedActivity): string | undefined {
  const card = cardOf(recorded);
  if (!card) return undefined;
  const title = JSON.stringify(card).match(/"text":"([^"]{1,60})/);
  return `[card] ${title?.[1] ?? "?"}`;
}

/** Every text a card shows (TextBlock texts, TextRuns, fact titles and values, action titles), flattened. */
export function cardTexts(card: unknown): string[] {
  const texts: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== "object" || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if ((key === "text" || key === "title" || key === "value") && typeof value === "string") texts.push(value);
      else visit(value);
    }
  };
  visit(card);
  return texts;
}
