import { randomUUID } from "node:crypto";
// Before restify: it triggers a deprecation warning this module drops (see there).
import "./http-parser-warning";
import * as restify from "restify";
import type { Application } from "@microsoft/teams-ai";
import type { Activity } from "botbuilder";
import { describeError, type Log } from "../domain";
import type { Telemetry } from "../telemetry";
import type { EndpointStatus } from "../llm/endpoint-pool";
import { checkInboundActivity, isJsonObject, isJsonRequest, type InboundPolicy } from "./inbound-activity";
import { listenOrExplain } from "./listen";
import { guardRequestBodies, MAX_REQUEST_BODY_BYTES } from "./request-body-guard";
import { InboundAuthenticationError, type ProcuraTeamsAdapter } from "./teams-adapter";

interface BotServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

interface BotServerOptions {
  port: number;
  host: string;
  adapter: ProcuraTeamsAdapter;
  app: Application;
  inbound: InboundPolicy;
  /** Store reachability for /healthz; false or a throw means 503. */
  health: () => Promise<boolean>;
  telemetry: Pick<Telemetry, "exception">;
  modelEndpoints?: () => EndpointStatus[];
  log: Log;
}

// A compressed or oversized body is refused before it is read; not JSON is a 415, not an object a 400, a bad token a 401, not an
// activity a 400 with the reason, a failed turn a 500. 401 and 500 bodies are generic (details under a correlation id in the log).
export async function startBotServer(options: BotServerOptions): Promise<BotServer> {
  const { adapter, app, log, telemetry } = options;
  const server = restify.createServer({ name: "procura" });
  server.pre(guardRequestBodies(MAX_REQUEST_BODY_BYTES));
  server.use(restify.plugins.bodyParser({ mapParams: false, maxBodySize: MAX_REQUEST_BODY_BYTES }));
  // restify's own refusals (malformed JSON, a chunked body over the limit) answer like ours: { error }.
  server.on(
    "restifyError",
    (_req: restify.Request, _res: restify.Response, error: Error & { toJSON?: () => unknown }, done: () => void) => {
      error.toJSON = () => ({ error: error.message });
      done();
    },
  );

  server.post("/api/messages", async (req, res) => {
    if (!isJsonRequest(req.header("content-type"))) {
      res.json(415, { error: "Expected an application/json Bot Framework activity." });
      return;
    }
    if (!isJsonObject(req.body)) {
      res.json(400, { error: "Not a Bot Framework activity: body: Expected an object" });
      return;
    }
    try {
      // The token first: a caller who cannot authenticate learns nothing about what else is wrong.
      const authenticated = await adapter.authenticate(req.header("authorization") ?? "", req.body as Partial<Activity> as Activity);
      const checked = checkInboundActivity(req.body, options.inbound);
      if (!checked.ok) {
        res.json(400, { error: checked.message });
        return;
      }
      for (const line of checked.cut) log(`activity ${checked.activity.id ?? "(no id)"}: ${line}`);
      const invokeResponse = await adapter.processAuthenticated(authenticated, checked.activity, (context) =>
        app.run(context).then(() => undefined),
      );
      res.send(invokeResponse?.status ?? 200, invokeResponse?.body);
    } catch (error) {
      const correlationId = randomUUID();
      const unauthorised = error instanceof InboundAuthenticationError;
      const detail = describeError(unauthorised ? error.cause : error);
      log(
        `POST /api/messages ${unauthorised ? "401: the token could not be validated" : "500: the turn failed"} (${correlationId}): ${detail}`,
      );
      telemetry.exception(unauthorised ? error.cause : error, { correlationId, step: unauthorised ? "bot:authenticate" : "bot:turn" });
      if (!res.headersSent)
        res.json(
          unauthorised ? 401 : 500,
          unauthorised ? { error: "Unauthorized" } : { error: "The activity could not be processed.", correlationId },
        );
    }
  });

  server.get("/healthz", async (_req, res) => {
    const ok = await options.health().catch(() => false);
    // Model endpoints are reported, not judged: with every breaker open the instance is still
    // healthy (restarting it would not bring a model back), so the status says "degraded".
    const modelEndpoints = options
      .modelEndpoints?.()
      .map(({ endpoint, primary, state, lastFailure }) => ({ endpoint, primary, state, ...(lastFailure ? { lastFailure } : {}) }));
    const degraded = modelEndpoints?.every((e) => e.state === "open");
    res.json(ok ? 200 : 503, {
      status: ok ? (degraded ? "degraded" : "ok") : "unavailable",
      store: ok ? "reachable" : "unreachable",
      ...(modelEndpoints ? { modelEndpoints } : {}),
    });
  });

  await listenOrExplain(server, { port: options.port, host: options.host, setting: "PORT", what: "the bot endpoint" });
  const { port } = server.address();
  const host = options.host !== "0.0.0.0" && options.host !== "::" ? options.host : "127.0.0.1";
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.server.closeIdleConnections();
      }),
  };
}
