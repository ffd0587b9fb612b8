import { modeStateOf, type Finding, type SpecialistDefinition } from "../../domain";
import { node, running } from "../graph";
import type { RunContext } from "../run-context";
import { runSpecialist } from "../steps/specialist-step";
import { routeInScope, routeNode, type ModeNodes } from "./shared";

/** A finding whose specialist passed: nothing to add (confidence 0). */
function isPass(finding: Finding): boolean {
  return finding.status === "ok" && finding.confidence === 0;
}

/** Who speaks, in order: the configured participants in their configured order, or every registered specialist. */
function participants(context: RunContext): SpecialistDefinition[] {
  const { prompts, settings } = context.deps;
  const configured = settings.groupChat.specialists;
  if (configured.length === 0) return prompts.specialists;
  return configured.map((id) => {
    const specialist = prompts.specialists.find((s) => s.id === id);
    if (!specialist)
      throw new Error(
        `GROUP_CHAT_SPECIALISTS names '${id}', which is not a registered specialist (${prompts.specialists.map((s) => s.id).join(", ")})`,
      );
    return specialist;
  });
}

/** The Router reads the question (evidence need, approval signal, who leads); every participant will speak. */
async function routePhase(context: RunContext): Promise<void> {
  void context.upFrontEvidence(); // the tools run while the Router decides
  const decision = await routeInScope(context);
  if (!decision) return;
  // Every participant is selected (the Router's choices first), so the card, Moderator and gate see who took part.
  const speakers = participants(context).map((s) => s.id);
  const chosen = decision.selected.filter((id) => speakers.includes(id));
  context.state.decision = { ...decision, selected: [...chosen, ...speakers.filter((id) => !chosen.includes(id))] };
}

/**
 * The rounds of the chat. Each turn is checkpointed, so a resumed run continues with the next speaker; a pass or a failure
 * leaves the transcript as it was. The passes are dropped at the end, and a chat where no one answered fails the run.
 */
async function conversePhase(context: RunContext): Promise<void> {
  const { state, deps } = context;
  const speakers = participants(context);
  const chat = modeStateOf(state, "group-chat");
  const total = speakers.length * deps.settings.groupChat.rounds;
  for (let turn = chat.turnsTaken; turn < total; turn++) {
    const speaker = speakers[turn % speakers.length];
    if (!speaker) break;
    const previous = state.findings.find((f) => f.specialist === speaker.id);
    const peers = state.findings.filter((f) => f.specialist !== speaker.id && f.status === "ok" && !isPass(f));
    const finding = await runSpecialist(context, speaker, {
      round: previous ? "debate" : "initial",
      previous,
      peers,
      groupChat: true,
    });
    // A later turn replaces the speaker's earlier answer, unless it failed or passed.
    if (!previous) state.findings.push(finding);
    else if (finding.status === "ok" && !isPass(finding)) state.findings = state.findings.map((f) => (f === previous ? finding : f));
    chat.turnsTaken = turn + 1;
    context.checkpoint();
  }
  if (state.findings.some((f) => f.status === "ok" && !isPass(f))) state.findings = state.findings.filter((f) => !isPass(f));
  else
    context.fail(
      `No specialist could answer in the group chat: ${state.findings.map((f) => `${f.specialist} (${f.status === "failed" ? f.error : "passed"})`).join("; ")}`,
    );
}

/** Every participant speaks in a fixed round-robin order, each seeing the transcript so far, for the configured rounds. */
export const GROUP_CHAT_NODES: ModeNodes = {
  route: routeNode(routePhase, { to: "converse", when: "the Router decided, or fell back; every participant will speak" }),
  converse: node(
    conversePhase,
    [
      { to: "moderate", when: "the rounds are over and someone answered" },
      { to: "done", when: "every participant passed or failed" },
    ],
    (state) => (running(state) ? "moderate" : "done"),
  ),
};
