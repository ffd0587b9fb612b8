import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ConfigurationError } from "../domain";
import { defaultPromptsDir } from "../workflow/prompt-library";

/** Reads evaluation prompts (`prompts/metrics/*.md`, `prompts/judge/*`) by relative path, cached. */
export type PromptFiles = ReturnType<typeof openPromptFiles>;

/**
 * Opens the prompts directory: `dir` when given (PROMPTS_DIR), else the project's `prompts/`, as the workflow finds it. `read` gives the
 * text of `<dir>/<relativePath>`; a missing file is a ConfigurationError naming it.
 */
export function openPromptFiles(dir: string = defaultPromptsDir()) {
  const cache = new Map<string, string>();
  const resolve = (relativePath: string) => path.resolve(dir, relativePath);
  return {
    resolve,
    read(relativePath: string): string {
      const cached = cache.get(relativePath);
      if (cached !== undefined) return cached;
      const file = resolve(relativePath);
      if (!existsSync(file)) throw new ConfigurationError(`Prompt file not found: ${file}`);
      const text = readFileSync(file, "utf8").trim();
      cache.set(relativePath, text);
      return text;
    },
  };
}
