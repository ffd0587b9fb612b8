import { randomUUID } from "node:crypto";
import { once } from "node:events";
// Before restify: it triggers a deprecation warning this module drops (see there).
import "./http-parser-warning";
import * as restify from "restify";
import type { Application } from "@microsoft/teams-ai";
import type { Activity } from "botbuilder";
import { ConfigurationError, describeError, type Log } from "../domain";
import type { Telemetry } from "../telemetry";
import type { EndpointStatus } from "../llm/endpoint-pool";
import { isRecord } from "../cards";
import { checkInboundActivity, isJsonRequest } from "./inbound-activity";
import { InboundAuthenticationError, type ProcuraTeamsAdapter } from "./teams-adapter";

// A compressed or oversized body is refused before it is read; not JSON is a 415, not an object a 400, a bad token a 401, not an
// activity a 400 with the reason, a failed turn a 500. 401 and 500 bodies are generic (details under a correlation id in the log).
export async function startBotServer(options: {
  port: number;
  host: string;
  adapter: ProcuraTeamsAdapter;
  app: Application;
  inbound: Parameters<typeof checkInboundActivity>[1];
  /** Store reachability for /healthz; false or a throw means 503. */
  health: () => Promise<boolean>;
  telemetry: Pick<Telemetry, "exception">;
  modelEndpoints?: () => EndpointStatus[];
  log: Log;
}): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const { adapter, app, log, telemetry } = options;
  const server = restify.createServer({ name: "procura" });
  server.pre(guardRequestBodies());
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
    // Only an object can carry a token's claims to check, so anything else is a 400 at once.
    if (!isRecord(req.body)) {
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

  await listenOrExplain(server, options.port, options.host);
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

/** A Teams activity is a few kilobytes; a card submit with a long edited draft stays far below this. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

// Decided from the headers, before a byte of the body is read (a refused request's connection is closed): a Content-Encoding other
// than identity is a 415 (Teams never compresses; restify's gunzip has no error handler and its limit counts compressed bytes), a
// declared Content-Length over the limit a 413 (restify's reader still bounds chunked bodies).
function guardRequestBodies(): restify.RequestHandler {
  return (req, res, next) => {
    const encodings = (req.header("content-encoding") ?? "")
      .split(",")
      .map((encoding) => encoding.trim().toLowerCase())
      .filter(Boolean);
    if (encodings.some((encoding) => encoding !== "identity")) {
      refuse(res, next, 415, `Content-Encoding ${encodings.join(", ")} is not accepted: send the activity uncompressed.`);
      return;
    }
    // restify's reader refuses any encoding it does not unpack, identity included: it means "none".
    if (encodings.length > 0) delete req.headers["content-encoding"];
    const declared = Number(req.header("content-length"));
    if (Number.isFinite(declared) && declared > MAX_REQUEST_BODY_BYTES) {
      refuse(res, next, 413, `The request body is ${declared} bytes; at most ${MAX_REQUEST_BODY_BYTES} are accepted.`);
      return;
    }
    next();
  };
}

function refuse(res: restify.Response, next: restify.Next, status: number, error: string): void {
  res.setHeader("connection", "close");
  res.json(status, { error });
  next(false);
}

/** Listens, or fails with a ConfigurationError naming the port and the setting that changes it, not a bare EADDRINUSE. */
async function listenOrExplain(server: restify.Server, port: number, host: string): Promise<void> {
  server.listen(port, host);
  // restify passes on its HTTP server's events: an `error` before `listening` rejects.
  await once(server, "listening").catch((error: unknown) => Promise.reject(explainListenError(error as NodeJS.ErrnoException, port, host)));
}

function explainListenError(error: NodeJS.ErrnoException, port: number, host: string): Error {
  const problems: Record<string, string> = {
    EADDRINUSE: `port ${port} on ${host} is already in use (another Procura, \`npm run dev\` or another program). Stop it, or set PORT to a free port (PORT=0 picks any).`,
    EACCES: `port ${port} on ${host} needs privileges this process does not have. Set PORT to a port above 1023.`,
    EADDRNOTAVAIL: `${host} is not an address of this machine. Set HOST to one of its addresses (or leave it unset).`,
  };
  const problem: string | undefined = problems[error.code === "ENOTFOUND" ? "EADDRNOTAVAIL" : (error.code ?? "")];
  return problem ? new ConfigurationError(`Cannot start the bot endpoint: ${problem}`, error) : error;
}
