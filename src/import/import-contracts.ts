import path from "node:path";
import { optionalUrl, type Contract } from "../domain";
import { readTableRecords } from "./table-records";
import { clauseKind, DOCUMENT_EXTENSIONS, readDocumentText, splitSections } from "./documents";
import { mergeDirectory } from "./import-tables";
import type { FieldReader } from "./fields";
import type { ImportRun } from "./import-run";
import { resolveInsideFolder } from "./inside-folder";

/** A contract ending within this many days is "expiring" when contracts.csv gives no status. */
const CONTRACT_EXPIRING_DAYS = 120;

export async function importContracts(run: ImportRun): Promise<void> {
  const documents: { contract: Contract; document: string; line: number }[] = [];
  const result = await readTableRecords(run, "contracts", (f, row, checkId) => {
    const contract = readContract(run, f);
    checkId(contract.id);
    const document = documentOf(run, f);
    if (document !== undefined) documents.push({ contract, document, line: row.line });
    return contract;
  });
  if (!result) return;
  const unreadable = new Set<Contract>();
  for (const { contract, document, line } of documents) {
    try {
      contract.clauses = splitSections(await readDocumentText(document)).map((section) => ({
        kind: clauseKind(section.heading, section.text),
        text: `${section.heading}\n${section.text}`.trim(),
      }));
    } catch (error) {
      unreadable.add(contract);
      result.outcome.issues.addRow(line, [
        { column: "document", reason: `cannot read ${path.relative(run.options.directory, document)}: ${(error as Error).message}` },
      ]);
    }
  }
  const valid = result.records.filter((contract) => !unreadable.has(contract));
  for (const contract of valid) run.contractIds.add(contract.id);
  if (run.accept(result.outcome, valid.length)) await mergeDirectory(run, "contracts", valid, (c) => c.id, result.outcome);
}

function readContract(run: ImportRun, f: FieldReader): Contract {
  const supplierId = f.text("supplierId", { required: true });
  const supplier = run.suppliers.get(supplierId);
  if (supplierId !== "" && supplier === undefined) f.fail("supplierId", `unknown supplier ${JSON.stringify(supplierId)}`);
  const startDate = f.date("startDate", { required: true });
  const endDate = f.date("endDate", { required: true });
  if (startDate !== "" && endDate !== "" && endDate < startDate) f.fail("endDate", `ends (${endDate}) before it starts (${startDate})`);
  const currency = f.text("currency", { fallback: "JPY" }).toUpperCase();
  if (run.rates[currency] === undefined) f.fail("currency", `unknown currency ${JSON.stringify(currency)} (add it to fx.csv)`);
  return {
    id: f.text("id", { required: true }),
    supplierId,
    supplierName: supplier?.name ?? "",
    title: f.text("title", { required: true }),
    category: f.text("category", { fallback: supplier?.category ?? "" }).toLowerCase(),
    annualValue: f.number("annualValue", { min: 0 }),
    currency,
    startDate,
    endDate,
    autoRenew: f.boolean("autoRenew"),
    noticeDays: f.number("noticeDays", { min: 0, integer: true }),
    priceCapPct: f.nullableNumber("priceCapPct"),
    status: f.oneOf("status", ["active", "expiring", "expired", "draft"] as const, statusOn(run.options.today, endDate)),
    clauses: [],
    ...optionalUrl(f.url("url")),
    ...ownerOf(f),
  };
}

const ENTRA_OBJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** The contract's owner, @mentioned on its renewal alert: an Entra object id and/or an e-mail address (both optional). */
function ownerOf(f: FieldReader): Pick<Contract, "ownerAadId" | "ownerEmail"> {
  const aadId = f.text("ownerAadId");
  const email = f.text("ownerEmail");
  if (aadId !== "" && !ENTRA_OBJECT_ID.test(aadId)) f.fail("ownerAadId", `not an Entra object id (a GUID), got ${JSON.stringify(aadId)}`);
  if (email !== "" && !EMAIL_ADDRESS.test(email)) f.fail("ownerEmail", `not an e-mail address, got ${JSON.stringify(email)}`);
  return { ...(aadId ? { ownerAadId: aadId.toLowerCase() } : {}), ...(email ? { ownerEmail: email } : {}) };
}

function documentOf(run: ImportRun, f: FieldReader): string | undefined {
  const document = f.text("document");
  if (document === "") return undefined;
  if (!DOCUMENT_EXTENSIONS.some((extension) => document.toLowerCase().endsWith(extension)))
    return f.fail("document", `unsupported document type (use ${DOCUMENT_EXTENSIONS.join(", ")})`);
  const inside = resolveInsideFolder(run.options.directory, document);
  return "problem" in inside ? f.fail("document", inside.problem) : inside.path;
}

function statusOn(today: string, endDate: string): Contract["status"] {
  if (endDate === "") return "active";
  if (endDate < today) return "expired";
  const days = (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  return days <= CONTRACT_EXPIRING_DAYS ? "expiring" : "active";
}
