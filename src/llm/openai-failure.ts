// What an `openai` SDK error means: whether to retry, and which ChatOutcome kind it ends in, with a short log-safe cause.
import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { describeError } from "../domain/errors";
import type { ContentFilterVerdict } from "../domain";
import { promptFiltered } from "./content-filter";
import type { ChatOutcome } from "../workflow/ports";
import type { EndpointFault } from "./endpoint-pool";
import { isRetryableStatus, parseRetryAfter, type FailedAttempt } from "../resilience";
import { clip } from "../tools/text/bm25";
import { isMissingCredential, missingCredentialMessage, unreachableEndpoint } from "../resilience/connection-failure";

/** Longest cause text kept; server messages can be long and are never needed in full. */
const MAX_CAUSE_CHARS = 200;

// The SDK's error class is generic, so `instanceof` alone leaves its status and headers untyped.
function httpFailure(error: unknown): { status: number; headers: Record<string, string | undefined>; message: string } | undefined {
  if (!(error instanceof APIError) || typeof error.status !== "number") return undefined;
  return { status: error.status, headers: (error.headers ?? {}) as Record<string, string | undefined>, message: error.message };
}

/**
 * Retry verdict for one failed attempt: HTTP statuses per the policy; network failures yes, except
 * an endpoint that cannot be reached at all (refused, unresolvable), which fails at once; aborts no.
 */
export function classifyOpenAiError(error: unknown): FailedAttempt {
  const http = httpFailure(error);
  if (http) return { retryable: isRetryableStatus(http.status), retryAfterMs: parseRetryAfter(http.headers) };
  return { retryable: error instanceof APIConnectionError && unreachableEndpoint(error) === undefined };
}

/** The settings that name a provider's endpoint and its key (said in a failure, with what to check). */
const PROVIDER_SETTINGS = {
  "azure-openai": { setting: "AZURE_OPENAI_ENDPOINT", keySetting: "AZURE_OPENAI_API_KEY" },
  "openai-compatible": { setting: "OPENAI_BASE_URL", keySetting: "OPENAI_API_KEY" },
} as const;
type ProviderSettings = (typeof PROVIDER_SETTINGS)[keyof typeof PROVIDER_SETTINGS];

/**
 * Why a failed attempt counts against its endpoint's circuit breaker, or undefined when it does not (a 4xx is the request's fault, an abort
 * is the caller's): connection errors, 408, 5xx, and 429s whose Retry-After is missing or longer than `retryAfterBudgetMs`.
 */
export function endpointFault(error: unknown, retryAfterBudgetMs: number): EndpointFault | undefined {
  if (error instanceof APIConnectionTimeoutError) return { kind: "timeout", cause: "connection timed out" };
  if (error instanceof APIConnectionError) {
    const unreachable = unreachableEndpoint(error);
    // The code alone: a failed run lists every endpoint's fault in one line.
    return unreachable ? { kind: "refused", cause: unreachable.code } : { kind: "connection", cause: "connection error" };
  }
  const http = httpFailure(error);
  if (!http) return undefined;
  if (http.status === 408) return { kind: "timeout", cause: "HTTP 408" };
  if (http.status >= 500) return { kind: "server_error", cause: `HTTP ${http.status}` };
  if (http.status !== 429) return undefined;
  const retryAfterMs = parseRetryAfter(http.headers);
  if (retryAfterMs !== undefined && retryAfterMs <= retryAfterBudgetMs) return undefined;
  return {
    kind: "rate_limited",
    cause: `HTTP 429 (Retry-After ${retryAfterMs === undefined ? "absent" : `${Math.round(retryAfterMs / 1000)} s`})`,
  };
}

/**
 * The outcome kind and cause of a call that ended in `error` at `url` (the endpoint a call went to). The caller's abort wins (cancelled),
 * then our own deadline (timeout); a 429 is rate_limited; everything else is an error.
 */
export function describeFailure(
  error: unknown,
  { provider, url }: { provider: keyof typeof PROVIDER_SETTINGS; url: string },
  context: { cancelled: boolean; timedOut: boolean; timeoutMs: number; attempts: number },
): { kind: Exclude<ChatOutcome["kind"], "ok">; cause: string; filter?: ContentFilterVerdict } {
  const settings = PROVIDER_SETTINGS[provider];
  if (context.cancelled) return { kind: "cancelled", cause: "cancelled by the caller" };
  // The filter's refusal says nothing about the endpoint: no URL, no status code, no server text.
  const filtered = promptFiltered(error);
  if (filtered) return filtered;
  if (context.timedOut || error instanceof APIConnectionTimeoutError)
    return { kind: "timeout", cause: `no answer from ${url} within ${context.timeoutMs} ms (${context.attempts} attempt(s))` };
  const tries = `after ${context.attempts} attempt(s)`;
  if (isMissingCredential(error))
    return { kind: "error", cause: missingCredentialMessage(`no credential for the model endpoint ${url}`, settings.keySetting) };
  const unreachable = unreachableEndpoint(error);
  if (unreachable)
    return {
      kind: "error",
      cause: `cannot reach the model endpoint ${url} (${unreachable.code}: ${unreachable.reason}); check ${settings.setting} and that the model server is running and reachable from this machine`,
    };
  const http = httpFailure(error);
  if (http) {
    const hint = STATUS_HINTS[http.status]?.(settings);
    const cause = shorten(`HTTP ${http.status} from ${url} ${tries}: ${http.message.replace(/^\d{3} /, "")}`);
    return { kind: http.status === 429 ? "rate_limited" : "error", cause: hint ? `${cause}; ${hint}` : cause };
  }
  const detail = error instanceof APIConnectionError && error.cause !== undefined ? error.cause : error;
  return { kind: "error", cause: shorten(`${describeError(detail)} calling ${url} ${tries}`) };
}

const STATUS_HINTS: Readonly<Record<number, (settings: ProviderSettings) => string>> = {
  401: (settings) => `check ${settings.keySetting} (or, without a key, the identity's access to the endpoint)`,
  403: (settings) => `check ${settings.keySetting} (or, without a key, the identity's role on the endpoint)`,
  404: (settings) => `check ${settings.setting} and the model or deployment names (ROUTER_MODEL, SPECIALIST_MODEL, MODERATOR_MODEL)`,
};

export function shorten(text: string): string {
  return clip(text, MAX_CAUSE_CHARS);
}
