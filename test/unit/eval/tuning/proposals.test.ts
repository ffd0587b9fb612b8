import assert from "node:assert/strict";
import type { SpecialistSummary } from "../../../../src/domain";
import type { ReferenceTopics } from "../../../../src/eval/reference-topics";
import { findMisroutings, neededSpecialists, type RunEvidence } from "../../../../src/eval/tuning/evidence";
import { proposeDescriptionChanges, proposeKeywordChanges, proposeQscoreThreshold } from "../../../../src/eval/tuning/proposals";

const scope: ReferenceTopics = {
  bySpecialist: {
    spend: ["spend analysis"],
    contract: ["supplier contracts and renewals"],
    knowledge: ["procurement policy and approval rules"],
  },
  all: ["spend analysis", "supplier contracts and renewals", "procurement policy and approval rules"],
};
const specialist = (id: string, keywords: string[]): SpecialistSummary => ({
  id,
  displayName: { en: id, ja: id },
  description: id,
  keywords,
});
const specialists = [
  specialist("spend", ["spend", "cost"]),
  specialist("contract", ["contract", "renewal"]),
  specialist("knowledge", ["policy"]),
];

function run(runId: string, overrides: Partial<RunEvidence>): RunEvidence {
  return {
    runId,
    question: "q",
    selected: ["spend"],
    initialQscore: 85,
    up: 0,
    down: 0,
    referenceTopics: [],
    topicAdherence: null,
    goalAccuracy: null,
    judgeFailures: [],
    outcome: "unknown",
    ...overrides,
  };
}

/** Spend questions about tariffs (two naming a supplier) that the Router sent to knowledge, each 👎. */
function tariffRuns(): RunEvidence[] {
  const misrouted = (runId: string, question: string) =>
    run(runId, { question, selected: ["knowledge"], referenceTopics: ["spend analysis"], down: 1, outcome: "bad" });
  return [
    misrouted("run-1", "Hayabusa tariffs this year?"),
    misrouted("run-2", "Tariff exposure at Hayabusa?"),
    misrouted("run-3", "早川物流の関税はいくら増えた？"),
    misrouted("run-4", "関税の影響は？"),
  ];
}

describe("tuning proposals", () => {
  it("maps a question's topics to the specialists owning them, exactly or by most of the words", () => {
    assert.deepEqual(neededSpecialists(["Spend analysis"], scope), ["spend"]);
    assert.deepEqual(neededSpecialists(["contract renewals with suppliers"], scope), ["contract"]);
    assert.deepEqual(neededSpecialists(["weather in Tokyo"], scope), []);
  });

  it("proposes removing the keyword that pulled a specialist into questions that did not need it", () => {
    const runs = ["Renewal of the office plant policy?", "Policy on renewal of badges?"].map((question, index) =>
      run(`run-${index}`, {
        question,
        selected: ["contract", "knowledge"],
        referenceTopics: ["procurement policy and approval rules"],
        down: 1,
        outcome: "bad",
      }),
    );
    const proposals = proposeKeywordChanges(findMisroutings(runs, scope), specialists);
    assert.deepEqual(
      proposals.map((proposal) => proposal.change),
      [{ kind: "remove-keyword", specialist: "contract", keyword: "renewal" }],
    );
    assert.deepEqual(
      proposals[0].evidence.map((evidence) => evidence.runId),
      ["run-0", "run-1"],
    );
  });

  it("proposes a word the misrouted questions share, in English or Japanese, but never a supplier's name", () => {
    const runs = tariffRuns();
    const proposals = proposeKeywordChanges(findMisroutings(runs, scope), specialists, ["Hayabusa Logistics", "早川物流株式会社"]);
    assert.deepEqual(
      proposals.map((proposal) => [proposal.change, proposal.evidence.map((evidence) => evidence.runId)]),
      [
        [{ kind: "add-keyword", specialist: "spend", keyword: "tariff" }, ["run-1", "run-2"]],
        [{ kind: "add-keyword", specialist: "spend", keyword: "関税" }, ["run-3", "run-4"]],
      ],
    );
  });

  it("proposes nothing from a single misrouted run", () => {
    const runs = [
      run("run-1", { question: "Tariff exposure?", selected: ["knowledge"], referenceTopics: ["spend analysis"], down: 1, outcome: "bad" }),
    ];
    assert.deepEqual(proposeKeywordChanges(findMisroutings(runs, scope), specialists), []);
  });

  it("proposes naming the words skipped questions share in the description of the specialist they needed, never a supplier's name", () => {
    const runs = tariffRuns();
    const described = [{ ...specialists[0], description: "Spend totals and trends." }, ...specialists.slice(1)];
    const proposals = proposeDescriptionChanges(findMisroutings(runs, scope), described, ["Hayabusa Logistics", "早川物流株式会社"]);
    assert.deepEqual(
      proposals.map((proposal) => proposal.change),
      [
        { kind: "extend-description", specialist: "spend", clause: "Also: tariff, 関税." },
        // The same runs chose knowledge for spend questions.
        { kind: "narrow-description", specialist: "knowledge", clause: "Not covered: spend analysis." },
      ],
    );
    assert.deepEqual(
      proposals[0].evidence.map((evidence) => evidence.runId),
      ["run-1", "run-2", "run-3", "run-4"],
    );
    assert.match(proposals[0].evidence[0].why, /routed to knowledge, needed spend; 👎 1/);
    // A word the description already mentions is not proposed again.
    const mentioned = [{ ...described[0], description: "Spend totals, trends and tariffs." }, ...specialists.slice(1)];
    assert.deepEqual(
      proposeDescriptionChanges(findMisroutings(runs.slice(0, 2), scope), mentioned, ["Hayabusa Logistics"]).filter(
        (proposal) => proposal.change.kind === "extend-description",
      ),
      [],
    );
  });

  it("proposes narrowing the description of a specialist chosen for topics it does not own, once per topic", () => {
    const runs = ["Renewal of the office plant policy?", "Policy on renewal of badges?", "Who approves renewals?"].map((question, index) =>
      run(`run-${index}`, {
        question,
        selected: ["contract", "knowledge"],
        referenceTopics: index < 2 ? ["Procurement policy and approval rules"] : ["approval authority"],
        down: 1,
        outcome: "bad",
      }),
    );
    const described = specialists.map((summary) => ({ ...summary, description: `${summary.id} matters.` }));
    const [proposal, ...rest] = proposeDescriptionChanges(findMisroutings(runs, scope), described);
    assert.deepEqual(rest, []);
    assert.deepEqual(proposal.change, {
      kind: "narrow-description",
      specialist: "contract",
      clause: "Not covered: procurement policy and approval rules.",
    });
    assert.deepEqual(
      proposal.evidence.map((evidence) => evidence.runId),
      ["run-0", "run-1"],
    );
    // Once the description says so, the same runs propose nothing more.
    const { change } = proposal;
    assert.ok(change.kind === "narrow-description");
    const narrowed = described.map((summary) =>
      summary.id === "contract" ? { ...summary, description: `${summary.description} ${change.clause}` } : summary,
    );
    assert.deepEqual(proposeDescriptionChanges(findMisroutings(runs, scope), narrowed), []);
  });

  it("raises the QSCORE threshold when badly received answers passed the gate with scores below the well received ones", () => {
    const runs = [
      run("bad-1", { initialQscore: 82, down: 1, outcome: "bad" }),
      run("bad-2", { initialQscore: 84, down: 1, outcome: "bad" }),
      run("good-1", { initialQscore: 92, up: 1, outcome: "good" }),
      run("good-2", { initialQscore: 95, up: 1, outcome: "good" }),
      run("silent", { initialQscore: 60 }),
    ];
    const [proposal] = proposeQscoreThreshold(runs, 80);
    assert.deepEqual(proposal.change, { kind: "qscore-threshold", from: 80, to: 85 });
    assert.deepEqual(
      proposal.evidence.map((evidence) => evidence.runId),
      ["bad-1", "bad-2"],
    );
    assert.match(proposal.evidence[0].why, /first QSCORE 82, badly received \(👎 1\)/);
  });

  it("keeps the QSCORE threshold when it already separates the outcomes, or there are too few runs", () => {
    const separated = [
      run("bad-1", { initialQscore: 70, outcome: "bad" }),
      run("bad-2", { initialQscore: 75, outcome: "bad" }),
      run("good-1", { initialQscore: 90, outcome: "good" }),
      run("good-2", { initialQscore: 88, outcome: "good" }),
    ];
    assert.deepEqual(proposeQscoreThreshold(separated, 80), []);
    assert.deepEqual(proposeQscoreThreshold(separated.slice(0, 3), 95), []);
  });
});
