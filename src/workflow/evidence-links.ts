import { optionalUrl, recordOfReference, type EvidenceItem, type Finding, type WrittenEvidence } from "../domain";

/**
 * A finding's evidence with the links to the documents it cites and the records it is about. A
 * specialist writes its evidence without either; each item gets the link a tool returned for the same
 * reference, else for another part of the same document (a model may cite "CTR-0001 §4" where the
 * tool said "CTR-0001"), and the subject (a supplier's id and name) and category (its id and data
 * name) a tool returned for the same reference. So they only ever come from a stored record, never
 * from model text.
 */
export function linkEvidence(written: readonly WrittenEvidence[], fromTools: readonly EvidenceItem[]): EvidenceItem[] {
  const byReference = new Map<string, string>();
  const byDocument = new Map<string, string>();
  const subjects = new Map<string, Pick<EvidenceItem, "subject">>();
  const categories = new Map<string, Pick<EvidenceItem, "category">>();
  for (const item of fromTools) {
    if (item.subject !== undefined && !subjects.has(item.referenceId)) subjects.set(item.referenceId, { subject: item.subject });
    if (item.category !== undefined && !categories.has(item.referenceId)) categories.set(item.referenceId, { category: item.category });
    if (item.url === undefined) continue;
    if (!byReference.has(item.referenceId)) byReference.set(item.referenceId, item.url);
    if (!byDocument.has(recordOfReference(item.referenceId))) byDocument.set(recordOfReference(item.referenceId), item.url);
  }
  return written.map(({ source, referenceId, quote }) => ({
    source,
    referenceId,
    quote,
    ...optionalUrl(byReference.get(referenceId) ?? byDocument.get(recordOfReference(referenceId))),
    ...subjects.get(referenceId),
    ...categories.get(referenceId),
  }));
}

/** The evidence of findings a specialist is shown (its own earlier one, its peers'): linked when they were made. */
export function linkedEvidenceOf(findings: readonly (Finding | undefined)[]): EvidenceItem[] {
  return findings.flatMap((finding) => (finding?.status === "ok" ? finding.evidence : []));
}
