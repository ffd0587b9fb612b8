import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ConfigurationError } from "../domain";

/** Reads evaluation prompts (`prompts/metrics/*.md`, `prompts/judge/*`) by relative path, cached. */
export interface PromptFiles {
  /** The text of `<promptsDir>/<relativePath>`; a missing file is a ConfigurationError naming it. */
  read(relativePath: string): string;
  resolve(relativePath: string): string;
}

/** Opens the prompts directory: `dir` when given (PROMPTS_DIR), else the nearest `prompts/` above this module. */
export function openPromptFiles(dir: string = findPromptsDir()): PromptFiles {
  const cache = new Map<string, string>();
  const resolve = (relativePath: string) => path.resolve(dir, relativePath);
  return {
    resolve,
    read(relativePath) {
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

function findPromptsDir(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "prompts");
    if (existsSync(path.join(candidate, "metrics"))) return candidate;
    if (path.dirname(dir) === dir) throw new ConfigurationError(`No prompts/ directory found above ${__dirname}; set PROMPTS_DIR`);
  }
}
