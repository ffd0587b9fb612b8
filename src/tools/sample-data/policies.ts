import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { PolicyDocument } from "../../domain";
import { parseFrontMatter } from "../../domain/front-matter";
import { describeZodError } from "../../domain/errors";

/** Front matter of a policy markdown file (`<key>.<en|ja>.md`). */
const PolicyFrontMatterSchema = z.object({
  id: z.string().regex(/^POL-[A-Z0-9-]+$/, "policy code such as POL-APPROVAL-MATRIX"),
  key: z.string().min(1),
  language: z.enum(["en", "ja"]),
  title: z.string().min(1),
  version: z.coerce.string(),
  effectiveDate: z.union([z.string(), z.date().transform((date) => date.toISOString().slice(0, 10))]),
});

/** A numbered heading ("## 3. Thresholds" or "### 3.2 Renewals") starts a section cited as "POL-… §3.2". */
const SECTION_HEADING = /^#{2,4}\s+§?(\d+(?:\.\d+)*)\.?\s+(.+?)\s*$/;

/** Parses one policy file: front matter plus numbered sections (text outside them is ignored). */
function parsePolicyDocument(source: string, fileName: string): PolicyDocument {
  const file = parseFrontMatter(source);
  const front = PolicyFrontMatterSchema.safeParse(file.data);
  if (!front.success) throw new Error(`${fileName}: ${describeZodError(front.error)}`);
  const { id, key, language, title, version, effectiveDate } = front.data;
  const sections: PolicyDocument["sections"] = [];
  for (const line of file.content.split("\n")) {
    const heading = SECTION_HEADING.exec(line);
    if (heading) sections.push({ id: `${id} §${heading[1]}`, heading: heading[2], text: "" });
    else if (sections.length > 0) sections[sections.length - 1].text += `${line}\n`;
  }
  if (sections.length === 0) throw new Error(`${fileName}: no numbered sections ("## 1. Heading")`);
  for (const section of sections) section.text = section.text.trim();
  return { id: `${id}-${language}`, policyKey: key, language, title, version, effectiveDate, sections };
}

/** Every `*.md` policy file of a directory, in file-name order. */
export function loadPolicyDocuments(directory: string): PolicyDocument[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => parsePolicyDocument(readFileSync(path.join(directory, file), "utf8"), file));
}
