import { request } from "node:http";
import { LoopbackServer } from "./loopback-http";

/** One request that went through the proxy, with the headers that say how many documents it asked for and got. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The request's `x-ms-max-item-count` (the page size it asked for), if any. */
  maxItemCount?: number;
  /** The response's `x-ms-item-count` (documents in the page), if any. */
  itemCount?: number;
}

/**
 * An HTTP proxy on loopback in front of a real server (the embedded Cosmos server) that records every
 * request at the wire, so a test can count what a client really asked for, and can answer chosen
 * requests itself with an error status instead of forwarding them (a service that is briefly busy),
 * or hold every request unanswered until `resume()` (a service that is paused: clients time out).
 */
export class RecordingHttpProxy {
  readonly requests: RecordedRequest[] = [];
  /** Requests answered with `status` without reaching the server, while `count` lasts. */
  private failing: { match: (request: RecordedRequest) => boolean; status: number; count: number } | undefined;
  /** While held, requests wait here (already recorded) instead of being forwarded. */
  private held: (() => void)[] | undefined;
  private readonly server = new LoopbackServer(async (req, res) => {
    const recorded: RecordedRequest = { method: req.method ?? "GET", path: req.url ?? "/" };
    const asked = req.headers["x-ms-max-item-count"];
    if (typeof asked === "string") recorded.maxItemCount = Number(asked);
    this.requests.push(recorded);
    if (this.failing && this.failing.count > 0 && this.failing.match(recorded)) {
      this.failing.count -= 1;
      req.resume();
      res.writeHead(this.failing.status, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: "ServiceUnavailable", message: "busy (proxy)" }));
      return;
    }
    const held = this.held;
    if (held) await new Promise<void>((resolve) => held.push(resolve));
    // A client that gave up while its request was held is not answered.
    if (res.destroyed) return;
    const upstream = request(
      { host: "127.0.0.1", port: this.targetPort, method: req.method, path: req.url, headers: req.headers },
      (reply) => {
        const count = reply.headers["x-ms-item-count"];
        if (typeof count === "string") recorded.itemCount = Number(count);
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
    await Promise.resolve();
  });

  constructor(private readonly targetPort: number) {}

  /** Listens on a free loopback port; resolves with the proxy's endpoint. */
  async start(): Promise<string> {
    return `http://127.0.0.1:${await this.server.listen()}`;
  }

  /** Answers the next `count` requests that match with `status` instead of forwarding them. */
  fail(match: (request: RecordedRequest) => boolean, status: number, count: number): void {
    this.failing = { match, status, count };
  }

  /** Holds every request from now on, unanswered, until `resume()`: the server looks paused. */
  hold(): void {
    this.held ??= [];
  }

  /** Forwards the held requests (those whose clients are still waiting get their answers) and stops holding. */
  resume(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const release of held) release();
  }

  /** The requests recorded while `action` ran. */
  async during(action: () => Promise<unknown>): Promise<RecordedRequest[]> {
    const first = this.requests.length;
    await action();
    return this.requests.slice(first);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}
