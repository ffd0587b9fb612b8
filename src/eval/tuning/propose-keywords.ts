import type { SpecialistSummary } from "../../domain";
// eslint-disable-next-line no-restricted-imports -- tuning proposes keywords by scoring them as the offline Router does; it never answers a question
import { scoreSpecialists } from "../../llm/offline/router";
import { containsPhrase } from "../../tools/text/words";
import { MIN_EVIDENCE_RUNS, push, sharedNewWords, type Misroutings } from "./misrouted-runs";
import type { EvidenceRun, Proposal } from "./proposal";

/** At most this many new keywords proposed per specialist (the most frequent first). */
const MAX_KEYWORDS_PER_SPECIALIST = 3;

/**
 * Keyword changes from the misrouted, badly received runs (see `findMisroutings`):
 * - a specialist the question needed but the Router skipped → add the word those questions share
 *   (present in at least MIN_EVIDENCE_RUNS of them, not yet among that specialist's keywords);
 * - a specialist the Router chose though the question did not need it → remove the keyword of its
 *   that those questions matched, when at least MIN_EVIDENCE_RUNS did.
 * Words inside a supplier's name or alias (`names`) are never proposed: a supplier asked about twice is not a topic.
 */
export function proposeKeywordChanges(
  { missed, overChosen }: Misroutings,
  specialists: SpecialistSummary[],
  names: string[] = [],
): Proposal[] {
  const byId = new Map(specialists.map((specialist) => [specialist.id, specialist]));
  const proposals: Proposal[] = [];
  for (const [id, cases] of missed) {
    const specialist = byId.get(id);
    if (!specialist) continue;
    const covered = (word: string) => specialist.keywords.some((keyword) => containsPhrase(word, keyword));
    for (const { word, runs: behind } of sharedNewWords(cases, covered, names).slice(0, MAX_KEYWORDS_PER_SPECIALIST))
      proposals.push({
        change: { kind: "add-keyword", specialist: id, keyword: word },
        summary: `${behind.length} badly received questions containing "${word}" needed ${id} but were not routed to it`,
        evidence: behind,
      });
  }
  for (const [id, cases] of overChosen) {
    const keywordRuns = new Map<string, EvidenceRun[]>();
    for (const { run, why } of cases) {
      const matched = scoreSpecialists(run.question, specialists).find((score) => score.id === id)?.keywords ?? [];
      for (const keyword of matched) push(keywordRuns, keyword, { runId: run.runId, question: run.question, why });
    }
    for (const [keyword, behind] of keywordRuns)
      if (behind.length >= MIN_EVIDENCE_RUNS)
        proposals.push({
          change: { kind: "remove-keyword", specialist: id, keyword },
          summary: `${behind.length} badly received questions matched ${id}'s keyword "${keyword}" though they did not need ${id}`,
          evidence: behind,
        });
  }
  return proposals;
}
