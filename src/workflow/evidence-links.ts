import { optionalUrl, recordOfReference, type EvidenceItem, type Finding, type WrittenEvidence } from "../domain";

/**
 * A finding's evidence with the records it cites and the links to their documents. A specialist
 * cites references (by handle, resolved to ids before this) and quotes one only when the tool's wording is not what it cites (a quoted
 * reference counts as cited even if the list omits it); a reference it does not quote gets the
 * tool's source and quote for the same reference, and an unquoted reference no tool
 * returned is left out (there is nothing to show or check for it). Each item gets the link a tool
 * returned for the same reference, else for another part of the same document (a model may cite
 * "CTR-0001 §4" where the tool said "CTR-0001"), and the subject (a supplier's id and name) and
 * category (its id and data name) a tool returned for the same reference. So links, subjects and
 * categories only ever come from a stored record, never from model text.
 */
export function linkEvidence(
  written: { evidence: readonly string[]; quotes: readonly WrittenEvidence[] },
  fromTools: readonly EvidenceItem[],
): EvidenceItem[] {
  const byReference = new Map<string, EvidenceItem>();
  const urlOfDocument = new Map<string, string>();
  const sourceOfDocument = new Map<string, string>();
  const subjects = new Map<string, Pick<EvidenceItem, "subject">>();
  const categories = new Map<string, Pick<EvidenceItem, "category">>();
  for (const item of fromTools) {
    if (!byReference.has(item.referenceId)) byReference.set(item.referenceId, item);
    if (!sourceOfDocument.has(recordOfReference(item.referenceId))) sourceOfDocument.set(recordOfReference(item.referenceId), item.source);
    if (item.subject !== undefined && !subjects.has(item.referenceId)) subjects.set(item.referenceId, { subject: item.subject });
    if (item.category !== undefined && !categories.has(item.referenceId)) categories.set(item.referenceId, { category: item.category });
    if (item.url !== undefined && !urlOfDocument.has(recordOfReference(item.referenceId)))
      urlOfDocument.set(recordOfReference(item.referenceId), item.url);
  }
  const quoted = new Map(written.quotes.map((q) => [q.referenceId, q]));
  const cited = [...new Set([...written.evidence, ...quoted.keys()])];
  return cited.flatMap((referenceId) => {
    const { source, quote } = quoted.get(referenceId) ?? {};
    const fromTool = byReference.get(referenceId);
    const text = quote ?? fromTool?.quote;
    if (text === undefined) return [];
    return [
      {
        source: source ?? fromTool?.source ?? sourceOfDocument.get(recordOfReference(referenceId)) ?? "document",
        referenceId,
        quote: text,
        ...optionalUrl(fromTool?.url ?? urlOfDocument.get(recordOfReference(referenceId))),
        ...subjects.get(referenceId),
        ...categories.get(referenceId),
      },
    ];
  });
}

/** The evidence of findings a specialist is shown (its own earlier one, its peers'): linked when they were made. */
export function linkedEvidenceOf(findings: readonly (Finding | undefined)[]): EvidenceItem[] {
  return findings.flatMap((finding) => (finding?.status === "ok" ? finding.evidence : []));
}
