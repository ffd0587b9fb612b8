/**
 * The one place telemetry is made safe to send. Two layers:
 * 1. an allow-list of property names: only ids, enums, flags and numbers leave the process, never a
 *    question, an answer, a name or a comment (a field that is not listed is dropped);
 * 2. pattern scrubbing of every string value that does leave: e-mail addresses, phone numbers, keys,
 *    tokens and connection-string secrets are replaced by placeholders. A value of an allowed
 *    property that looks like free text (it contains white space) is replaced as a whole, because
 *    names and sentences cannot be recognised by a pattern.
 */
import { redactUrlsIn } from "../domain/errors";

export type TelemetryValue = string | number | boolean;

/** By the items that send them; a property no item lists is dropped. */
export const ALLOWED_PROPERTIES: ReadonlySet<string> = new Set([
  // workflow events: a content filter's source (prompt or completion) and category names, how many citations were dropped (never which)
  ...["runId", "executor", "durationMs", "model", "outcome", "attempt", "round", "phase", "source", "categories", "droppedCitations"],
  ...["inputTokens", "outputTokens", "cachedInputTokens", "reasoningTokens"],
  // RunCompleted and exceptions
  ...["selected", "fallback", "qscoreInitial", "qscoreFinal", "retried", "hitl", "totalMs", "status", "attempts", "offline", "language"],
  ...["debateMode", "evidenceNeed", "failedSpecialists", "provider", "correlationId", "errorKind", "step"],
  // approvals and feedback
  ...["approvalId", "decision", "waitMs", "edited", "rating", "hasComment"],
  // renewal alerts: sent, dismissed or asked about (the contract's id, never its title or owner)
  ...["action", "contractId", "daysLeft"],
  // model endpoints and streaming
  ...["change", "endpoint", "toEndpoint", "faultKind", "deployment", "reasoningEffort", "firstTextMs", "tokensPerSecond", "chunkTokens"],
  // evaluations and canary runs
  ...["transcriptId", "metric", "criterion", "verdict", "score", "passed", "disagreement", "canaryRunId", "cases", "passRate"],
  ...["routerModel", "specialistModel", "moderatorModel", "passedCount", "failedCount", "skippedCount"],
  // OpenTelemetry GenAI semantic conventions
  ...["gen_ai.operation.name", "gen_ai.provider.name", "gen_ai.agent.name", "gen_ai.request.model", "gen_ai.response.model"],
  ...["gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens", "gen_ai.usage.cache_read.input_tokens"],
  ...["gen_ai.usage.reasoning.output_tokens", "gen_ai.token.type", "gen_ai.tool.name", "error.type"],
]);

/** Longest string value sent; ids and enums are far shorter. */
const MAX_VALUE_LENGTH = 200;
const MAX_MESSAGE_LENGTH = 500;

const SCRUBBERS: readonly [RegExp, string][] = [
  // secrets inside connection strings, query strings and key=value logs
  [
    /\b(AccountKey|SharedAccessKey|SharedAccessSignature|InstrumentationKey|Password|Pwd|ClientSecret|client_secret|api[-_]?key|access_token|sig|secret|token)(\s*[=:]\s*)"?[^\s;"&,]+/gi,
    "$1$2[secret]",
  ],
  [/\bBearer\s+[A-Za-z0-9._~+/-]+=*/gi, "Bearer [token]"],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, "[token]"],
  [/\bsk-[A-Za-z0-9_-]{16,}/g, "[secret]"],
  [/\b[A-Fa-f0-9]{32,}\b/g, "[secret]"],
  // a long run of base64 characters is a key only if it mixes digits and both cases (paths do not)
  [/(?<![A-Za-z0-9+/])(?=[A-Za-z0-9+/]*\d)(?=[A-Za-z0-9+/]*[a-z])(?=[A-Za-z0-9+/]*[A-Z])[A-Za-z0-9+/]{40,}={0,2}/g, "[secret]"],
  [/[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, "[email]"],
  // phone numbers: international, Japanese (0X-XXXX-XXXX, 090XXXXXXXX), North American
  [/(?<![\w-])\+\d{1,3}[\s.-]?(?:\(\d{1,4}\)[\s.-]?)?\d{1,4}(?:[\s.-]?\d{2,4}){1,4}(?![\w-])/g, "[phone]"],
  [/(?<![\w-])0\d{1,4}-\d{1,4}-\d{3,4}(?![\w-])/g, "[phone]"],
  [/(?<![\w-])0\d{9,10}(?![\w-])/g, "[phone]"],
  [/(?<![\w-])\(\d{3}\)\s?\d{3}-\d{4}(?![\w-])/g, "[phone]"],
  [/(?<![\w-])\d{3}[.-]\d{3}[.-]\d{4}(?![\w-])/g, "[phone]"],
];

/**
 * Replaces e-mail addresses, phone numbers, keys, tokens and secrets in a text by placeholders; URLs first lose their userinfo and query (a
 * password there is not recognisable by its shape).
 */
export function scrubText(text: string): string {
  return SCRUBBERS.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), redactUrlsIn(text));
}

/**
 * The properties that may be sent: allowed names only, no empty values, strings scrubbed, free text (white space inside) replaced by
 * "[text]", long strings cut.
 */
export function redactProperties(properties: Readonly<Record<string, TelemetryValue | null | undefined>>): Record<string, TelemetryValue> {
  const safe: Record<string, TelemetryValue> = {};
  for (const [name, value] of Object.entries(properties)) {
    if (value === undefined || value === null || !ALLOWED_PROPERTIES.has(name)) continue;
    if (typeof value === "string") safe[name] = /\s/.test(value.trim()) ? "[text]" : scrubText(value.trim()).slice(0, MAX_VALUE_LENGTH);
    else if (typeof value === "boolean" || Number.isFinite(value)) safe[name] = value;
  }
  return safe;
}

export function redactError(error: unknown): { type: string; message: string; stack: string } {
  const type = error instanceof Error ? error.name : typeof error;
  const message = scrubText(error instanceof Error ? error.message : String(error)).slice(0, MAX_MESSAGE_LENGTH);
  const frames = error instanceof Error && error.stack ? error.stack.split("\n").filter((line) => /^\s+at /.test(line)) : [];
  return { type, message, stack: [`${type}: ${message}`, ...frames.map(scrubText)].join("\n") };
}
