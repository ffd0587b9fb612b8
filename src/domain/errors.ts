import { redactUrlsIn } from "./redact-url";

/**
 * Base class: every error we raise knows its kind, and where in a run it happened when that applies.
 * The small taxonomy: configuration errors stop start-up, model-behaviour errors are expected
 * outcomes of talking to a model, system errors are everything else (store down, bugs). The message
 * has its URLs redacted once, here, so no path that prints, logs or sends it (a start failure, a
 * run's failure, telemetry) can show an endpoint's credentials or query.
 */
export class ProcuraError extends Error {
  constructor(
    message: string,
    readonly kind: "configuration" | "model_behaviour" | "system",
    readonly context: { runId?: string; step?: string; cause?: unknown } = {},
  ) {
    super(redactUrlsIn(message), context.cause === undefined ? undefined : { cause: context.cause });
    this.name = new.target.name;
  }
}

/** A setting is missing or wrong; the message names the variable and what is expected. */
export class ConfigurationError extends ProcuraError {
  constructor(message: string, cause?: unknown) {
    super(message, "configuration", { cause });
  }
}

/** A model answered, but not in a usable way (invalid JSON, schema mismatch, refusal). */
export class ModelBehaviourError extends ProcuraError {
  constructor(message: string, context: { runId?: string; step?: string; cause?: unknown } = {}) {
    super(message, "model_behaviour", context);
  }
}

/** Infrastructure failed: the store, the network, an unexpected bug. */
export class SystemError extends ProcuraError {
  constructor(message: string, context: { runId?: string; step?: string; cause?: unknown } = {}) {
    super(message, "system", context);
  }
}

/**
 * What a start or command prints when it fails: the one line, then with `debug` the full detail
 * (each cause's stack); without it, where the detail is when there is more. URLs are redacted in all of it.
 */
export function failureReport(error: unknown, debug: boolean): string {
  const line = error instanceof ConfigurationError ? redactUrlsIn(error.message) : describeError(error);
  const cause = error instanceof Error ? error.cause : undefined;
  if (!debug) return cause === undefined ? line : `${line} (PROCURA_DEBUG=1 shows the detail)`;
  const detail: string[] = [];
  for (let current: unknown = error, depth = 0; current !== undefined && depth < 5; depth++) {
    detail.push(current instanceof Error && current.stack ? redactUrlsIn(current.stack) : describeError(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return [line, ...detail.map((text, i) => (i === 0 ? text : `caused by: ${text}`))].join("\n");
}

/**
 * A short, log-safe description of any thrown value. URLs in it lose their credentials and query:
 * HTTP clients name the URL they called ("request to https://user:pw@host/v1?api-key=… failed").
 */
export function describeError(error: unknown): string {
  return redactUrlsIn(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
}

/**
 * A worker's conditional write found a newer version of its run: another worker owns it now. The
 * worker stops at once and sends nothing more for that run.
 */
export class LeaseLostError extends SystemError {
  constructor(runId: string, owner: string) {
    super(`run ${runId}: ${owner} no longer owns the run (a newer version was written)`, { runId, step: "lease" });
  }
}
