/** A loopback TCP proxy that can cut its target off for a while: an unreachable store, on demand. */
import { once } from "node:events";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

/** The proxy; `outage(ms)` drops every connection and refuses new ones for `ms`. */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private downUntil = 0;

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
    client.pipe(upstream).pipe(client);
  }
}
