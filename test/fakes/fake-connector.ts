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
  /** Team rosters for `GET /v3/conversations/:teamId/members/:userId` (TeamsInfo.getTeamMember); unknown → 404. */
  readonly teamMembers = new Map<string, Set<string>>();
  /** Threads created with `POST /v3/conversations` (createConversationAsync), in order. */
  readonly createdThreads: RecordedActivity[] = [];
  private failures: { predicate: (method: string, path: string) => boolean; remaining: number; status: number }[] = [];
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
        const seen = this.activities.map(
          (a) => `${a.method} ${a.conversationId} ${a.activity.type} ${describeCard(a) ?? JSON.stringify(a.activity.text ?? "")}`,
        );
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; recorded:\n  ${seen.join("\n  ")}`));
      }, timeoutMs);
      const done = (activity: RecordedActivity) => {
        clearTimeout(timer);
        resolve(activity);
      };
      this.waiters.push({ predicate, resolve: done });
    });
  }

  /** Adds members (by aadObjectId or user id) to a team's roster. */
  addTeamMembers(teamId: string, ...userIds: string[]): void {
    const roster = this.teamMembers.get(teamId) ?? new Set<string>();
    userIds.forEach((id) => roster.add(id));
    this.teamMembers.set(teamId, roster);
  }

  /**
   * Answers the next `count` requests matching `predicate` with `status` (default 503), recording nothing.
   * Note the connector SDK itself retries 408, 429 and 5xx before the bot sees a failure.
   */
  failNext(count: number, predicate: (method: string, path: string) => boolean = () => true, status = 503): void {
    this.failures.push({ predicate, remaining: count, status });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://localhost");
    const failure = this.failures.find((candidate) => candidate.remaining > 0 && candidate.predicate(req.method ?? "", url.pathname));
    if (failure) {
      failure.remaining--;
      reply(res, failure.status, {
        error: { code: failure.status === 503 ? "ServiceUnavailable" : "InjectedFailure", message: "injected failure" },
      });
      return;
    }
    if (this.handleTeamsApi(req.method ?? "", url.pathname, Buffer.concat(chunks).toString("utf8"), res)) return;
    const match = ROUTE.exec(url.pathname);
    if (!match || (req.method !== "POST" && req.method !== "PUT") || (req.method === "PUT" && !match[2])) {
      this.unexpected.push(`${req.method} ${url.pathname}`);
      reply(res, 404, { error: { code: "NotFound", message: "unexpected call" } });
      return;
    }
    const body = Buffer.concat(chunks);
    if (body.byteLength > TEAMS_MESSAGE_LIMIT_BYTES) {
      this.unexpected.push(`${req.method} ${url.pathname}: ${body.byteLength} bytes, over Teams' message size limit`);
      reply(res, 413, { error: { code: "MessageSizeTooBig", message: "Message size too big" } });
      return;
    }
    const activity = JSON.parse(body.toString("utf8") || "{}");
    const method = req.method;
    const activityId = method === "PUT" ? decodeURIComponent(match[2]) : `activity-${this.nextId++}`;
    const recorded: RecordedActivity = {
      method,
      conversationId: decodeURIComponent(match[1]),
      activityId,
      ...(method === "POST" && match[2] ? { replyToId: decodeURIComponent(match[2]) } : {}),
      activity,
      at: performance.now(),
    };
    reply(res, 200, { id: activityId });
    this.record(recorded);
  }

  private record(recorded: RecordedActivity): void {
    this.activities.push(recorded);
    for (const waiter of [...this.waiters]) {
      if (waiter.predicate(recorded)) {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        waiter.resolve(recorded);
      }
    }
  }

  /** `POST /v3/conversations` (a new channel thread, recorded under the channel id) and team member lookups; false for anything else. */
  private handleTeamsApi(method: string, path: string, body: string, res: ServerResponse): boolean {
    if (method === "POST" && path.replace(/\/$/, "") === "/v3/conversations") {
      const parameters = JSON.parse(body || "{}");
      const channelId: string = parameters.channelData?.channel?.id ?? "unknown-channel";
      const activityId = `thread-${this.nextId++}`;
      const recorded: RecordedActivity = {
        method: "POST",
        conversationId: channelId,
        activityId,
        activity: parameters.activity ?? {},
        at: performance.now(),
      };
      this.createdThreads.push(recorded);
      reply(res, 201, { id: `${channelId};messageid=${activityId}`, activityId });
      this.record(recorded);
      return true;
    }
    const member = /^\/v3\/conversations\/([^/]+)\/members\/([^/]+)\/?$/.exec(path);
    if (method === "GET" && member) {
      const userId = decodeURIComponent(member[2]);
      if (this.teamMembers.get(decodeURIComponent(member[1]))?.has(userId))
        reply(res, 200, { id: userId, aadObjectId: userId, name: userId });
      else reply(res, 404, { error: { code: "MemberNotFoundInConversation", message: "not a member" } });
      return true;
    }
    return false;
  }
}

/** Teams answers a bot's message above about 28 KB with 413; so does this connector (and notes it as unexpected). */
const TEAMS_MESSAGE_LIMIT_BYTES = 28 * 1024;

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(body));
}

/** The first Adaptive Card's content in an activity, if any. */
export function cardOf(recorded: RecordedActivity): any {
  return recorded.activity.attachments?.find((a) => a.contentType === "application/vnd.microsoft.card.adaptive")?.content;
}

/** The fields of Teams' streaming protocol an activity carries (its streaminfo entity), if it is part of a stream. */
export interface StreamInfo {
  streamType: "informative" | "streaming" | "final";
  /** The stream's first activity id; absent on that first activity, which starts the stream. */
  streamId?: string;
  /** Rises with each update; absent on the final message. */
  streamSequence?: number;
}

/** The streaminfo entity of a recorded activity, if it has one. */
export function streamInfoOf(recorded: RecordedActivity): StreamInfo | undefined {
  const entities = (recorded.activity.entities ?? []) as { type?: unknown }[];
  return entities.find((entity) => entity.type === "streaminfo") as StreamInfo | undefined;
}

/** The first text of a card (its title line), used to tell cards apart in test output. */
export function describeCard(recorded: RecordedActivity): string | undefined {
  const card = cardOf(recorded);
  if (!card) return undefined;
  const title = /"text":"([^"]{1,60})/.exec(JSON.stringify(card));
  return `[card] ${title?.[1] ?? "?"}`;
}

/** Every text a card shows (TextBlock texts, TextRuns, fact titles and values, action titles), flattened. */
export function cardTexts(card: unknown): string[] {
  const texts: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if ((key === "text" || key === "title" || key === "value") && typeof value === "string") texts.push(value);
      else visit(value);
    }
  };
  visit(card);
  return texts;
}

/**
 * True when the recorded activity carries a run's answer card, found by its answer section: in a
 * personal chat the card leaves the conclusion to the message's text, so its heading cannot tell.
 */
export function isAnswerCard(recorded: RecordedActivity): boolean {
  const card = cardOf(recorded);
  return card !== undefined && hasElementWithId(card, "answer");
}

function hasElementWithId(node: unknown, id: string): boolean {
  if (Array.isArray(node)) return node.some((child) => hasElementWithId(child, id));
  if (typeof node !== "object" || node === null) return false;
  return (node as { id?: unknown }).id === id || Object.values(node).some((child) => hasElementWithId(child, id));
}
