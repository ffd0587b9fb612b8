import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The whole request body as UTF-8 text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Parsed JSON, or undefined when the text is not JSON (the caller answers 400). */
export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Stops listening and drops every connection, including requests still held open. */
export async function closeServer(server: Server): Promise<void> {
  const closed = once(server, "close");
  server.close();
  server.closeAllConnections();
  await closed;
}

/**
 * The HTTP side of a fake server on loopback: listens on a free port (or the one given), pauses that
 * a stop cuts short, and a stop that drops every connection, including calls still held open.
 */
export class LoopbackServer {
  private readonly timers = new Set<NodeJS.Timeout>();
  private server?: Server;

  constructor(private readonly handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>) {}

  /** Listens on 127.0.0.1 (`port` 0 = any free port); resolves with the port. */
  async listen(port = 0): Promise<number> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  /** Resolves after `ms`; a stop clears the timer, so a paused reply is never written. */
  pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  /** Stops listening and drops every connection, including hanging calls. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await closeServer(server);
  }
}
