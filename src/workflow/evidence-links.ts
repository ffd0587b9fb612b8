import { optionalUrl, recordOfReference, type EvidenceItem, type Finding, type QuotedEvidence, type WrittenEvidence } from "../domain";
import type { EvidenceHandles } from "./evidence-handles";

/**
 * A finding's evidence: a cited reference is kept only when a tool returned it in this run, or the document it is a section
 * of ("CTR-0001 §4" for "CTR-0001"); anything else is left out, quoted or not, since a model's quote proves nothing (an
 * injected document can make it write any id). An unquoted reference gets the tool's quote. Sources, links, subjects and
 * categories only ever come from a stored record, never from model text.
 */
export function linkEvidence(
  written: { evidence: readonly string[]; quotes: readonly WrittenEvidence[] },
  fromTools: readonly EvidenceItem[],
): EvidenceItem[] {
  const byReference = new Map<string, EvidenceItem>();
  const urlOfDocument = new Map<string, string>();
  const subjects = new Map<string, Pick<EvidenceItem, "subject">>();
  const categories = new Map<string, Pick<EvidenceItem, "category">>();
  for (const item of fromTools) {
    if (!byReference.has(item.referenceId)) byReference.set(item.referenceId, item);
    if (item.subject !== undefined && !subjects.has(item.referenceId)) subjects.set(item.referenceId, { subject: item.subject });
    if (item.category !== undefined && !categories.has(item.referenceId)) categories.set(item.referenceId, { category: item.category });
    if (item.url !== undefined && !urlOfDocument.has(recordOfReference(item.referenceId)))
      urlOfDocument.set(recordOfReference(item.referenceId), item.url);
  }
  const quoted = new Map(written.quotes.map((q) => [q.referenceId, q]));
  const cited = [...new Set([...written.evidence, ...quoted.keys()])];
  return cited.flatMap((referenceId) => {
    const fromTool = byReference.get(referenceId) ?? byReference.get(recordOfReference(referenceId));
    if (fromTool === undefined) return [];
    return [
      {
        source: fromTool.source,
        referenceId,
        quote: quoted.get(referenceId)?.quote ?? fromTool.quote,
        ...optionalUrl(fromTool.url ?? urlOfDocument.get(recordOfReference(referenceId))),
        ...subjects.get(referenceId),
        ...categories.get(referenceId),
      },
    ];
  });
}

/** A specialist's citations as `linkEvidence` keeps them, with how many distinct ones were dropped (for transcript and telemetry). */
export function keepReturnedCitations(
  written: { evidence: readonly string[]; quotes: readonly QuotedEvidence[] },
  handles: EvidenceHandles,
  fromTools: readonly EvidenceItem[],
): { evidence: EvidenceItem[]; dropped: number } {
  const evidence = linkEvidence(handles.resolveCitations(written), fromTools);
  const kept = new Set(evidence.map((item) => item.referenceId));
  const cited = new Set([...written.evidence, ...written.quotes.map((quoted) => quoted.ref)].map((item) => handles.resolve(item) ?? item));
  return { evidence, dropped: [...cited].filter((reference) => !kept.has(reference)).length };
}

/** The evidence of findings a specialist is shown (its own earlier one, its peers'): linked when they were made. */
export function linkedEvidenceOf(findings: readonly (Finding | undefined)[]): EvidenceItem[] {
  return findings.flatMap((finding) => (finding?.status === "ok" ? finding.evidence : []));
}
