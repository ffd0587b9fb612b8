import { z } from "zod";
import { detectLanguage, optionalUrl } from "../domain";
import { extractAmounts } from "../domain/amounts";
import { defineTool, nothingFound, type ToolContext } from "./define-tool";
import { bestSentence, clip } from "./text/bm25";

const MAX_SECTIONS = 5;
const MAX_SECTION_TEXT = 700;

/** Falls back to both languages when the chosen one has no match. */
export function createSearchPoliciesTool({ data }: ToolContext) {
  return defineTool({
    name: "searchPolicies",
    description:
      "Search the company's procurement policies (approval matrix, sourcing thresholds, contract and negotiation playbooks, supplier risk, ethics, sustainability) in English or Japanese. Returns the best matching sections with their citation ids (e.g. 'POL-APPROVAL-MATRIX §3').",
    parameters: z.object({
      query: z
        .string()
        .min(1)
        .max(500)
        .describe("What to look for, in the user's words (English or Japanese), e.g. 'approval threshold CPO' or '承認 金額'"),
      language: z.enum(["en", "ja"]).nullable().describe("Language of the policy texts to search; null = the query's language"),
    }),
    relevance: { relevantWhen: [["policy"], ["contract"], ["amount"], ["percentage"]] },
    async run({ query, language }, words) {
      const wanted = language ?? detectLanguage(query);
      // A question naming an amount asks about thresholds.
      const options = { favourThresholds: extractAmounts(query).length > 0 };
      let found = await data.searchPolicies(query, wanted, options);
      if (found.total === 0) found = await data.searchPolicies(query, undefined, options);
      const hits = found.sections;
      if (hits.length === 0) {
        const titles = [...new Set((await data.listPolicies(wanted)).map((policy) => policy.title))];
        return nothingFound(
          { query, language: wanted, sections: [], message: "No policy section matches the query.", availablePolicies: titles },
          words.noPolicy(clip(query, 60)),
        );
      }
      const sections = hits.slice(0, MAX_SECTIONS).map(({ policy, section, score }) => ({
        referenceId: section.id,
        policyId: policy.id,
        policyTitle: policy.title,
        language: policy.language,
        version: policy.version,
        heading: section.heading,
        text: clip(section.text, MAX_SECTION_TEXT),
        score: Math.round(score * 100) / 100,
      }));
      return {
        data: {
          query,
          language: wanted,
          sections,
          totalMatches: found.total,
          ...(found.totalIsEstimate ? { totalMatchesIsEstimate: true } : {}),
        },
        evidence: hits.slice(0, MAX_SECTIONS).map(({ policy, section }) => ({
          source: "policy",
          referenceId: section.id,
          quote: bestSentence(section.text, query),
          ...optionalUrl(policy.url),
        })),
        digest: words.policiesDigest(found.total, found.totalIsEstimate, sections.slice(0, 3)),
      };
    },
  });
}
