import path from "node:path";
import { optionalUrl, type PolicyDocument } from "../domain";
import { FrontMatterError, parseFrontMatter } from "../domain/front-matter";
import { readDocumentText, splitSections } from "./documents";
import { documentUrlProblem } from "./fields";
import { fieldLengthProblem } from "./limits";
import { FileRefusedError } from "./zip-bounds";

export type PolicyMetadata = Pick<PolicyDocument, "language" | "title" | "version" | "effectiveDate" | "url"> & {
  file: string;
  key: string;
};

/** A policy file's own problem, reported as it is in its column (any other error of the file is "cannot read: …"). */
export class PolicyFileError extends FileRefusedError {}

const FRONT_MATTER_FIELDS = ["key", "language", "title", "version", "effectiveDate"] as const;

/** Sections are cited "POL-<KEY> §<number>". */
export async function readPolicyDocument(directory: string, name: string, described: PolicyMetadata | undefined): Promise<PolicyDocument> {
  const file = path.join(directory, name);
  let meta = described;
  let text: string;
  if (meta === undefined) {
    if (path.extname(name).toLowerCase() !== ".md")
      throw new PolicyFileError(`no row in policies.csv describes ${name} (key, language, title, version, effectiveDate)`);
    const source = await readDocumentText(file);
    let parsed: ReturnType<typeof parseFrontMatter>;
    try {
      parsed = parseFrontMatter(source);
    } catch (error) {
      // A block that is not plain YAML is the file's issue, never evaluated.
      throw error instanceof FrontMatterError ? new PolicyFileError(error.message, "front matter") : error;
    }
    meta = frontMatter(name, parsed.data);
    text = parsed.content;
  } else text = await readDocumentText(file);
  const code = `POL-${meta.key.toUpperCase().replace(/[^A-Z0-9]+/g, "-")}`;
  const sections = splitSections(text).map((section, index) => ({
    id: `${code} §${section.number ?? index + 1}`,
    heading: section.heading,
    text: section.text,
  }));
  if (sections.length === 0)
    throw new PolicyFileError('no headings found: sections are the document\'s headings ("## 1. Scope")', "sections");
  return {
    id: `${code}-${meta.language}`,
    policyKey: meta.key,
    language: meta.language,
    title: meta.title,
    version: meta.version,
    effectiveDate: meta.effectiveDate,
    sections,
    ...optionalUrl(meta.url),
  };
}

function frontMatter(name: string, front: Record<string, unknown>): PolicyMetadata {
  const missing = FRONT_MATTER_FIELDS.filter((field) => front[field] === undefined || front[field] === "");
  if (missing.length > 0)
    throw new PolicyFileError("missing in the front matter (or give the file a row in policies.csv)", missing.join(", "));
  for (const field of [...FRONT_MATTER_FIELDS, "url"]) {
    const value = front[field];
    const tooLong = fieldLengthProblem(field, typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
    if (tooLong !== undefined) throw new PolicyFileError(tooLong, field);
  }
  const language = String(front.language);
  if (language !== "en" && language !== "ja") throw new PolicyFileError(`${JSON.stringify(language)} is not en or ja`, "language");
  const effectiveDate = front.effectiveDate instanceof Date ? front.effectiveDate.toISOString().slice(0, 10) : String(front.effectiveDate);
  // YAML may read a value as something else than text; it is then quoted in the issue as JSON.
  const url =
    front.url === undefined || front.url === "" ? undefined : typeof front.url === "string" ? front.url : JSON.stringify(front.url);
  const problem = url === undefined ? undefined : documentUrlProblem(url);
  if (problem !== undefined) throw new PolicyFileError(problem, "url");
  return {
    file: name,
    key: String(front.key),
    language,
    title: String(front.title),
    version: String(front.version),
    effectiveDate,
    ...optionalUrl(url),
  };
}
