import type { z } from "zod";

/**
 * A zod error as one line a person can act on: each failing path with its message, "; "-separated.
 * `root` names the value itself when an issue has no path (the body, the arguments); `limit` keeps
 * a long list of issues short.
 */
export function describeZodError(error: z.ZodError, options: { root?: string; limit?: number } = {}): string {
  const issues = options.limit === undefined ? error.issues : error.issues.slice(0, options.limit);
  return issues.map((issue) => `${issue.path.join(".") || (options.root ?? "(root)")}: ${issue.message}`).join("; ");
}
