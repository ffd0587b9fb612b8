import { node, running } from "../graph";
import type { RunContext } from "../run-context";
import { converse, groupChatDecision, isPass, participants } from "../steps/group-chat";
import { routeInScope, routeNode, type ModeNodes } from "./shared";

/** The Router reads the question (evidence need, approval signal, who leads); every participant will speak. */
async function routePhase(context: RunContext): Promise<void> {
  void context.upFrontEvidence(); // the tools run while the Router decides
  const decision = await routeInScope(context);
  if (decision)
    context.state.decision = groupChatDecision(
      decision,
      participants(context).map((s) => s.id),
    );
}

/** The rounds of the chat; the passes are dropped, and a chat where no one answered fails the run. */
async function conversePhase(context: RunContext): Promise<void> {
  const { state } = context;
  await converse(context, participants(context));
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
