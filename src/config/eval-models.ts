import { z } from "zod";
import { redactUrlsIn } from "../domain/errors";

/** `model@https://…` or `deployment@azure:https://…`; the last `@` before the URL splits (model names may hold `@`). */
const WITH_ENDPOINT = /^(.+)@(azure:)?(https?:\/\/\S+)$/;

/** A bare name (the bot's endpoint), `model@https://…/v1` or `deployment@azure:https://…`. A problem never quotes the entry: it may hold a key. */
export function parseEvalModelEntry(text: string) {
  const entry = text.trim().replace(/\/+$/, "");
  const match = WITH_ENDPOINT.exec(entry);
  if (!match)
    return /[@\s]/.test(entry)
      ? { problem: "is neither a model name nor model@https://base-url/v1 nor deployment@azure:https://resource" }
      : { label: entry, model: entry, endpoint: { kind: "bot" as const } };
  const [, model, azure, url] = match as unknown as [string, string, string | undefined, string];
  if (!z.string().url().safeParse(url).success) return { problem: "has an endpoint that is not a URL" };
  return {
    label: redactUrlsIn(entry),
    model: model.trim(),
    endpoint: azure ? { kind: "azure-openai" as const, endpoint: url } : { kind: "openai-compatible" as const, baseUrl: url },
  };
}

/** An evaluation model: its label, its model (or deployment) name, and its endpoint (`bot`: the bot's own). */
export type EvalModelEntry = Exclude<ReturnType<typeof parseEvalModelEntry>, { problem: string }>;

export const EvalModelEntriesSchema = z.array(z.string()).transform((items, context) =>
  items.flatMap((item, index) => {
    const parsed = parseEvalModelEntry(item);
    if ("problem" in parsed) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: `entry ${index + 1} of ${items.length} ${parsed.problem}` });
      return [];
    }
    return [parsed];
  }),
);

/** EVAL_API_KEYS: JSON from endpoint (URL as written, or its origin) to key, so one Key Vault reference holds every evaluation key. */
export const EvalApiKeysSchema = z
  .string()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value.trim() === "") return undefined;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: z.ZodIssueCode.custom, message: 'expected a JSON object such as {"https://openrouter.ai/api/v1": "sk-…"}' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().min(1)).optional());

/** The API key configured for an endpoint URL: by the exact URL (trailing slashes ignored), else by its origin. */
export function apiKeyFor(keys: Record<string, string> | undefined, url: string): string | undefined {
  if (!keys) return undefined;
  const normalized = (text: string) => text.trim().replace(/\/+$/, "");
  const byUrl = Object.entries(keys).find(([endpoint]) => normalized(endpoint) === normalized(url));
  if (byUrl) return byUrl[1];
  const origin = new URL(url).origin;
  return Object.entries(keys).find(([endpoint]) => normalized(endpoint) === origin)?.[1];
}
