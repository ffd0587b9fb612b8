import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { optionalUrl, type PolicyDocument } from "../domain";
import { readTableRecords } from "./table-records";
import { DOCUMENT_EXTENSIONS } from "./documents";
import type { FieldReader } from "./fields";
import type { ImportRun } from "./import-run";
import { resolveInsideFolder } from "./inside-folder";
import { mergeDirectory } from "./import-tables";
import { PolicyFileError, readPolicyDocument } from "./policy-documents";

/** Each described by its front matter or its policies.csv row; the issues of both are the policies' issues. */
export async function importPolicies(run: ImportRun): Promise<void> {
  const directory = path.join(run.options.directory, "policies");
  if (!existsSync(directory)) return;
  const started = Date.now();
  const outcome = run.outcome("policies", directory);
  const metadata = await readTableRecords(run, "policies", (f) => ({
    file: policyFile(f, directory),
    key: f.text("key", { required: true }),
    language: f.oneOf("language", ["en", "ja"] as const, "en"),
    title: f.text("title", { required: true }),
    version: f.text("version", { required: true }),
    effectiveDate: f.date("effectiveDate", { required: true }),
    ...optionalUrl(f.url("url")),
  }));
  if (metadata) outcome.issues.take(metadata.outcome.issues);
  const described = new Map((metadata?.records ?? []).map((meta) => [meta.file, meta]));
  const seen = new Set<string>();
  const policies: PolicyDocument[] = [];
  for (const name of (await readdir(directory)).sort()) {
    if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(path.extname(name).toLowerCase())) continue;
    outcome.read += 1;
    const fail = (column: string, reason: string) => outcome.issues.add(1, column, reason, `policies/${name}`);
    const inside = resolveInsideFolder(run.options.directory, path.join("policies", name));
    if ("problem" in inside) {
      fail("file", inside.problem);
      continue;
    }
    try {
      const policy = await readPolicyDocument(directory, name, described.get(name));
      if (seen.has(policy.id)) {
        fail("key", `duplicate policy ${policy.id} (key and language already used)`);
        continue;
      }
      seen.add(policy.id);
      policies.push(policy);
    } catch (error) {
      if (error instanceof PolicyFileError) fail(error.column, error.message);
      else fail("file", `cannot read: ${(error as Error).message}`);
    }
  }
  outcome.durationMs = Date.now() - started;
  if (run.accept(outcome, policies.length)) await mergeDirectory(run, "policies", policies, (p) => p.id, outcome);
}

/** A policies.csv `file`: a file of policies/, never a path that leaves the import folder. */
function policyFile(f: FieldReader, directory: string): string {
  const file = f.text("file", { required: true });
  const inside = file === "" ? undefined : resolveInsideFolder(directory, file);
  // A row for a file that is not there describes nothing; it is not an error.
  if (inside && "problem" in inside && !inside.missing) f.fail("file", inside.problem);
  return file;
}
