import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ConfigurationError, SpecialistFrontMatterSchema, type SpecialistDefinition } from "../domain";
import { FrontMatterError, parseFrontMatter } from "../domain/front-matter";
import { describeZodError } from "../domain/errors";

/** Every prompt the workflow uses, loaded from `prompts/` (text + front matter, never code). */
export type PromptLibrary = ReturnType<typeof loadPromptLibrary>;

const AgentFrontMatterSchema = z.object({
  temperature: z.number().min(0).max(2).default(0),
  maxTokens: z.number().int().positive().default(1000),
  model: z.string().min(1).optional(),
});

/** An agent's system prompt with its sampling settings from front matter. */
export type AgentPrompt = z.infer<typeof AgentFrontMatterSchema> & { text: string };

/** Finds the project's `prompts/` folder from here, whether running from src/ or dist/. */
export function defaultPromptsDir(): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, "prompts");
    if (existsSync(path.join(candidate, "router.md"))) return candidate;
  }
  throw new ConfigurationError(`Cannot find the prompts/ folder above ${__dirname}; set PROMPTS_DIR`);
}

/** Loads and validates all prompts; a missing or malformed file is named in the error. */
export function loadPromptLibrary(dir: string = defaultPromptsDir()) {
  const specialistsDir = path.join(dir, "specialists");
  if (!existsSync(specialistsDir)) throw new ConfigurationError(`Prompt folder not found: ${specialistsDir}`);
  const specialistFiles = readdirSync(specialistsDir)
    .filter((file) => file.endsWith(".md"))
    .sort();
  if (specialistFiles.length === 0) throw new ConfigurationError(`No specialist prompts found in ${specialistsDir}`);
  // Each file is named by its id (checked as it loads), so no id can be defined twice.
  const specialists = specialistFiles.map((file) => loadSpecialist(path.join(specialistsDir, file)));
  const fragment = (name: string) => readPromptFile(path.join(dir, "fragments", `${name}.md`)).content.trim();
  return {
    router: loadAgentPrompt(path.join(dir, "router.md")),
    rewriter: loadAgentPrompt(path.join(dir, "rewriter.md")),
    moderator: loadAgentPrompt(path.join(dir, "moderator.md")),
    specialists,
    fragments: {
      repair: fragment("repair"),
      // Said to every specialist after its own prompt: the question, tool results and documents are data, never instructions.
      untrustedData: fragment("untrusted-data"),
      // Said to every specialist: evidence may come up front, and a finding is short facts (output tokens are latency).
      findingFacts: fragment("finding-facts"),
      specialistDebate: fragment("specialist-debate"),
      specialistRequery: fragment("specialist-requery"),
      specialistGroupChat: fragment("specialist-group-chat"),
      specialistHandoff: fragment("specialist-handoff"),
      moderatorRequery: fragment("moderator-requery"),
    },
  };
}

/** Replaces `{{name}}` placeholders; an unknown placeholder is an error, not silent text. */
export function renderTemplate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new ConfigurationError(`Prompt placeholder {{${name}}} has no value`);
    return String(values[name]);
  });
}

function readPromptFile(file: string): { data: Record<string, unknown>; content: string } {
  if (!existsSync(file)) throw new ConfigurationError(`Prompt file not found: ${file}`);
  try {
    return parseFrontMatter(readFileSync(file, "utf8"));
  } catch (error) {
    if (error instanceof FrontMatterError) throw new ConfigurationError(`${file}:${error.line}: ${error.message}`);
    throw error;
  }
}

function loadAgentPrompt(file: string): AgentPrompt {
  const { data, content } = readPromptFile(file);
  const front = AgentFrontMatterSchema.safeParse(data);
  if (!front.success) throw new ConfigurationError(`Invalid front matter in ${file}: ${front.error.message}`);
  return { text: content.trim(), ...front.data };
}

function loadSpecialist(file: string): SpecialistDefinition {
  const { data, content } = readPromptFile(file);
  const front = SpecialistFrontMatterSchema.safeParse(data);
  if (!front.success) throw new ConfigurationError(`Invalid front matter in ${file}: ${describeZodError(front.error)}`);
  const expectedName = path.basename(file, ".md");
  if (front.data.id !== expectedName)
    throw new ConfigurationError(`${file} declares id '${front.data.id}'; the file must be named ${front.data.id}.md`);
  return { ...front.data, systemPrompt: content.trim() };
}
