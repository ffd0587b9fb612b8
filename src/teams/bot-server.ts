import type { AddressInfo } from "node:net";
import * as restify from "restify";
import type { Application, TeamsAdapter, TurnState } from "@microsoft/teams-ai";
import { describeError } from "../domain";
import type { EndpointStatus } from "../llm/endpoint-pool";
import type { Log } from "./bot-deps";
import { inboundActivityProblem } from "./inbound-activity";

/** A running bot endpoint. */
export interface BotServer {
  /** e.g. http://127.0.0.1:3978 */
  url: string;
  port: number;
  /** Stops accepting connections; resolves when open requests have ended. */
  close(): Promise<void>;
}

/** What the HTTP endpoint serves. */
export interface BotServerOptions {
  port: number;
  host?: string;
  adapter: TeamsAdapter;
  app: Application<TurnState>;
  /** Store reachability for /healthz; false or a throw means 503. */
  health: () => Promise<boolean>;
  /** Each model endpoint's circuit state, when the model has endpoints (not the offline engine). */
  modelEndpoints?: () => EndpointStatus[];
  log: Log;
}

/**
 * restify 11: `POST /api/messages` into the adapter (JWT-checked when the bot has an app id;
 * a malformed body is a 400 and the server keeps serving), `GET /healthz` for the platform.
 */
export async function startBotServer(options: BotServerOptions): Promise<BotServer> {
  const server = restify.createServer({ name: "procura" });
  server.use(restify.plugins.bodyParser({ mapParams: false, maxBodySize: 1024 * 1024 }));

  server.post("/api/messages", async (req, res) => {
    const problem = inboundActivityProblem(req.header("content-type"), req.body);
    if (problem) {
      res.json(problem.status, { error: problem.message });
      return;
    }
    try {
      await options.adapter.process(req, res, async (context) => {
        await options.app.run(context);
      });
    } catch (error) {
      const unauthorised = (error as { statusCode?: number }).statusCode === 401 || /AuthenticationError|unauthori[sz]ed/i.test(describeError(error));
      options.log(`POST /api/messages failed: ${describeError(error)}`);
      if (!res.headersSent) res.send(unauthorised ? 401 : 500);
    }
  });

  server.get("/healthz", async (_req, res) => {
    const ok = await options.health().catch(() => false);
    // Model endpoints are reported, not judged: with every breaker open the instance is still
    // healthy (restarting it would not bring a model back), so the status says "degraded".
    const modelEndpoints = options.modelEndpoints?.().map(({ endpoint, primary, state, lastFailure }) => ({ endpoint, primary, state, ...(lastFailure ? { lastFailure } : {}) }));
    const degraded = modelEndpoints !== undefined && modelEndpoints.every((e) => e.state === "open");
    res.json(ok ? 200 : 503, {
      status: ok ? (degraded ? "degraded" : "ok") : "unavailable",
      store: ok ? "reachable" : "unreachable",
      ...(modelEndpoints ? { modelEndpoints } : {}),
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== "0.0.0.0" ? options.host : "127.0.0.1";
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.server.closeIdleConnections();
      }),
  };
}
