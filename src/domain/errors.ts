import { z } from "zod";
import type { Reference } from "./run-message";

/** Every error we raise has a kind (configuration stops start-up; model behaviour is expected; system is the rest). URLs are redacted here, once. */
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

/** What a failing start or command prints: one line, and with `debug` each cause's stack. URLs redacted. */
export function failureReport(error: unknown, debug: boolean): string {
  const line = error instanceof ConfigurationError ? redactUrlsIn(error.message) : (fileSystemProblem(error) ?? describeError(error));
  const cause = error instanceof Error ? error.cause : undefined;
  if (!debug) return cause === undefined ? line : `${line} (PROCURA_DEBUG=1 shows the detail)`;
  const detail: string[] = [];
  for (let current: unknown = error, depth = 0; current !== undefined && depth < 5; depth++) {
    detail.push(current instanceof Error && current.stack ? redactUrlsIn(current.stack) : describeError(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return [line, ...detail.map((text, i) => (i === 0 ? text : `caused by: ${text}`))].join("\n");
}

const FILE_SYSTEM_ADVICE: Record<string, string> = {
  EACCES: "permission denied: give this user access to it, or choose another folder (PROCURA_DATA_DIR for the data folder)",
  EPERM: "operation not permitted: give this user access to it, or choose another folder (PROCURA_DATA_DIR for the data folder)",
  EROFS: "the file system is read-only: choose a folder on a writable disk (PROCURA_DATA_DIR for the data folder)",
  ENOSPC: "the disk is full: free some space, then run it again",
  ENOTDIR: "a part of this path is a file, not a folder: choose another path",
  EMFILE: "too many files open: raise the limit (ulimit -n), then run it again",
};

/** A file-system error as one line: the path (not a temporary file's `.<pid>.tmp` name) and what to do; undefined for any other error. */
export function fileSystemProblem(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, path } = error as NodeJS.ErrnoException;
  const advice = code === undefined ? undefined : FILE_SYSTEM_ADVICE[code];
  if (advice === undefined || path === undefined) return undefined;
  return `${path.replace(/\.\d+\.tmp$/, "")}: ${advice} (${code})`;
}

/** A short, log-safe description of any thrown value: HTTP clients name the URL they called, so URLs lose credentials and query. */
export function describeError(error: unknown): string {
  return redactUrlsIn(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
}

/** A run stored by a release with another run shape: refused, never migrated or misread. */
export class UnsupportedRunVersionError extends SystemError {
  constructor(
    readonly runId: string,
    readonly found: unknown,
    readonly supported: number,
    /** The requester's conversation, when the refused document keeps it where this release does: the asker can still be told. */
    readonly reference?: Reference,
  ) {
    super(`run ${runId} was stored with schema version ${String(found)}; this release reads version ${supported} only`, {
      runId,
      step: "load",
    });
  }
}

/** A conditional write found a newer version of the run: another worker owns it, so this one stops and sends nothing more. */
export class LeaseLostError extends SystemError {
  constructor(runId: string, owner: string) {
    super(`run ${runId}: ${owner} no longer owns the run (a newer version was written)`, { runId, step: "lease" });
  }
}

/** A map lookup whose key came from the data that built the map: a missing value is a bug, so it fails loudly. */
export function lookup<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`no ${what} for ${JSON.stringify(key)}`);
  return value;
}

/** A zod error as one actionable line; `root` names a pathless issue's value, `limit` keeps a long list short. */
export function describeZodError(error: z.ZodError, options: { root?: string; limit?: number } = {}): string {
  const issues = options.limit === undefined ? error.issues : error.issues.slice(0, options.limit);
  return issues.map((issue) => `${issue.path.join(".") || (options.root ?? "(root)")}: ${issue.message}`).join("; ");
}

/** What operators are told about one run (the notifier cuts or drops the question by its configuration before posting). */
export const OperatorNoticeSchema = z.object({
  kind: z.enum(["run_failed", "run_poisoned", "run_retried"]),
  runId: z.string().min(1),
  correlationId: z.string().min(1),
  errorKind: z.string().min(1),
  attempts: z.number().int().positive().optional(),
  question: z.string().optional(),
  /** The serviceUrl of the requester's conversation: where the channel is reached when none is configured. */
  serviceUrl: z.string().url().optional(),
});
export type OperatorNotice = z.infer<typeof OperatorNoticeSchema>;

/** A URL in text: up to white space, a quote, a bracket, or a comma that starts the next URL of a list. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/(?:[^\s"'`<>()[\]{},]|,(?![a-z][a-z0-9+.-]*:\/\/))+/gi;
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
const TRAILING_PUNCTUATION = /[.,;:!]+$/;

/** The one way a URL is shown: credentials in the userinfo or the query (`?api-key=…`, SAS) go, with the fragment; else as written. */
export function redactUrl(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed) return stripSecretParts(url);
  if (!parsed.username && !parsed.password && !/[?#]/.test(url)) return url;
  // `new URL("https://h?x").pathname` is "/": keep "https://h" as written, without a slash.
  const authority = AUTHORITY.exec(url)?.[0] ?? "";
  const path = parsed.pathname === "/" && url.charAt(authority.length) !== "/" ? "" : parsed.pathname;
  return `${parsed.protocol}//${parsed.host}${path}`;
}

export function redactUrlsIn(text: string): string {
  return text.replace(URL_IN_TEXT, (match) => {
    const trailing = TRAILING_PUNCTUATION.exec(match)?.[0] ?? "";
    return redactUrl(match.slice(0, match.length - trailing.length)) + trailing;
  });
}

/** An unparsable URL still loses anything before an `@` after the scheme, and everything from `?` or `#`. */
function stripSecretParts(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, "$1").replace(/[?#].*$/s, "");
}
