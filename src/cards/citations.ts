import { fiscalYearIn } from "../domain/fiscal-year";
import { labelsFor, optionalUrl, type EvidenceItem, type Language, type SourceKind } from "../domain";
import { categoryLabel, isCategoryId } from "../domain/category-terms";
import type { AnswerBodyView } from "./view-models";
import { type AdaptiveCard, expandTemplate } from "./render";
import { truncate } from "./text";
import template from "./templates/citation-card.json";

export type CitationView = ReturnType<typeof citationsFromAnswer>[number];

/** Numbers each cited reference in order of first use; one cited twice keeps its first number, so markers and sources agree. */
export function citationsFromAnswer(body: Pick<AnswerBodyView, "rationale" | "findings">, language: Language) {
  const evidence = new Map<string, EvidenceItem>();
  const links = new Map<string, string>();
  const names = new Map<string, string>();
  for (const finding of body.findings)
    for (const item of finding.evidence) {
      if (!evidence.has(item.referenceId)) evidence.set(item.referenceId, item);
      // A supplier any tool named is named in every reference that holds its id ("SPEND SUP-033 FY2025").
      if (item.subject !== undefined)
        names.set(item.subject.id, language === "ja" ? (item.subject.nameJa ?? item.subject.name) : item.subject.name);
      // Likewise a category, by the name its data gives it ("SPEND fleet-ops FY2025" → 「支出 車両管理 FY2025」).
      if (item.category !== undefined) names.set(item.category.id, categoryLabel(item.category.id, language, item.category.nameJa));
      // Any item of the reference may carry the link (one specialist read the record through a tool, another did not).
      if (item.url !== undefined && !links.has(item.referenceId)) links.set(item.referenceId, item.url);
    }
  return [...new Set(body.rationale.flatMap((point) => point.citations))].map((referenceId, index) => {
    const item = evidence.get(referenceId);
    const source = item?.source ?? "";
    const sourceName = isSourceKind(source) ? labelsFor(language).sourceNames[source] : "";
    return {
      position: index + 1,
      referenceId,
      source,
      // "Contract CTR-0001 §4", in the answer's language.
      title: citationTitle(sourceName, source, referenceId, names, language),
      // What the evidence says (a quote or a figure); empty when no specialist recorded it.
      quote: item?.quote ?? "",
      sourceName,
      ...optionalUrl(links.get(referenceId)),
    };
  });
}

/** "Spend Acme Cloud Software FY2025" for "SPEND SUP-001 FY2025": the kind once, in the answer's language, suppliers and categories by their names. */
function citationTitle(
  sourceName: string,
  source: string,
  referenceId: string,
  names: ReadonlyMap<string, string>,
  language: Language,
): string {
  const parts = referenceId.split(/\s+/).filter(Boolean);
  const named = sourceName !== "" && parts[0]?.toLowerCase() === source.toLowerCase() ? parts.slice(1) : parts;
  const once = named
    .filter((part, index) => named.indexOf(part) === index)
    .map((part) => names.get(part) ?? (isCategoryId(part) ? categoryLabel(part, language) : fiscalYearIn(part, language)))
    .join(" ");
  return sourceName ? `${sourceName} ${once}`.trim() : once;
}

export function citationMarkers(referenceIds: readonly string[], citations: readonly CitationView[]): string {
  return [...new Set(referenceIds)]
    .map((id) => citations.find((citation) => citation.referenceId === id)?.position)
    .filter((position): position is number => position !== undefined)
    .map((position) => `[${position}]`)
    .join("");
}

function isSourceKind(source: string): source is SourceKind {
  return Object.hasOwn(labelsFor("en").sourceNames, source);
}

/** Quotes are a clause or a sentence; ten citation cards travel with the answer, so each stays well under a kilobyte. */
const MAX_CITATION_QUOTE = 300;

/** Opened from a citation whose record has no document link; text runs, not markdown, so a quote is shown as written. */
export function buildCitationCard(citation: CitationView): AdaptiveCard {
  return expandTemplate<AdaptiveCard>(template, {
    title: citation.title,
    quote: truncate(citation.quote, MAX_CITATION_QUOTE),
    sourceName: citation.sourceName,
  });
}
