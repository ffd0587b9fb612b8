/**
 * Azure OpenAI's content filter, read from the wire: a prompt it refuses comes back as a 400 whose error has `code: "content_filter"`
 * (`innererror.code: "ResponsibleAIPolicyViolation"`, with the verdict per category); an answer it stops ends with `finish_reason:
 * "content_filter"`, the choice carrying its own verdicts. Only the categories are kept, never any text.
 */
import { APIError } from "openai";
import { z } from "zod";
import type { ContentFilterVerdict } from "../domain";

/** One category's verdict (`severity` for harm categories, `detected` for jailbreak and the like). */
const CategoryResultSchema = z.object({ filtered: z.boolean().optional() }).passthrough();
const FilterResultsSchema = z.record(z.unknown());

const PromptRefusalSchema = z.object({
  code: z.literal("content_filter"),
  innererror: z.object({ code: z.string().optional(), content_filter_result: FilterResultsSchema.optional() }).passthrough().optional(),
});

const FilteredChoiceSchema = z.object({ content_filter_results: FilterResultsSchema.optional() }).passthrough();

export function filteredCategories(results: Record<string, unknown> | undefined): string[] {
  return Object.entries(results ?? {})
    .filter(([, value]) => CategoryResultSchema.safeParse(value).data?.filtered === true)
    .map(([category]) => category)
    .sort();
}

/** Undefined for any other failure. */
export function promptFiltered(error: unknown) {
  if (!(error instanceof APIError) || error.status !== 400) return undefined;
  const refusal = PromptRefusalSchema.safeParse(error.error);
  return refusal.success ? filtered("prompt", refusal.data.innererror?.content_filter_result) : undefined;
}

/** `choice` is the completion's first choice. */
export function completionFiltered(choice: unknown) {
  return filtered("completion", FilteredChoiceSchema.safeParse(choice).data?.content_filter_results);
}

/** The outcome, with a log-safe cause naming the categories ("jailbreak, violence"), never the text. */
function filtered(source: ContentFilterVerdict["source"], results: Record<string, unknown> | undefined) {
  const filter: ContentFilterVerdict = { source, categories: filteredCategories(results) };
  const what = source === "prompt" ? "the content filter refused the prompt" : "the content filter stopped the answer";
  const cause = filter.categories.length > 0 ? `${what} (${filter.categories.join(", ")})` : what;
  return { kind: "content_filter" as const, cause, filter };
}
