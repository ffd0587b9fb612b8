/**
 * A loopback TCP proxy that can cut its target off for a while (an unreachable store: connections
 * refused), or pause it (a hung store: connections accepted, nothing answered until it resumes).
 */
import { once } from "node:events";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

/** The proxy; `outage(ms)` drops every connection and refuses new ones for `ms`; `pause(ms)` holds all traffic for `ms`. */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private downUntil = 0;
  /** While paused, the bytes in either direction wait here, in arrival order. */
  private held: (() => void)[] | undefined;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Listens on a free loopback port; resolves with it. */
  async start(): Promise<number> {
    this.server = createServer((client) => this.accept(client));
    this.server.listen(0, "127.0.0.1");
    await once(this.server, "listening");
    return (this.server.address() as AddressInfo).port;
  }

  /** True while an outage is in force. */
  get down(): boolean {
    return Date.now() < this.downUntil;
  }

  /** Cuts every open connection now and refuses new ones for `ms`. */
  outage(ms: number): void {
    this.downUntil = Date.now() + ms;
    for (const socket of this.sockets) socket.destroy();
  }

  /** Holds every byte in both directions for `ms` (new connections are accepted), then delivers them in order. */
  pause(ms: number): void {
    this.held ??= [];
    setTimeout(() => {
      const held = this.held ?? [];
      this.held = undefined;
      for (const deliver of held) deliver();
    }, ms).unref();
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    if (this.down) return void client.destroy();
    const upstream = createConnection(this.target);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    this.forward(client, upstream);
    this.forward(upstream, client);
  }

  /** Copies `from` to `to`, or holds the bytes while paused (no backpressure: a test proxy, short pauses). */
  private forward(from: Socket, to: Socket): void {
    from.on("data", (chunk: Buffer) => {
      const deliver = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (this.held) this.held.push(deliver);
      else deliver();
    });
    from.on("end", () => {
      const end = () => to.end();
      if (this.held) this.held.push(end);
      else end();
    });
  }
}
