import { z } from "zod";
import { FindingSchema } from "./finding";

/** How the specialists are orchestrated; each mode declares its own graph (src/workflow/modes/) and its own part of the run state below. */
export const ORCHESTRATION_MODES = ["selective", "handoff", "group-chat"] as const;
export type OrchestrationMode = (typeof ORCHESTRATION_MODES)[number];

/** Selective: set when every selected specialist failed and the Router was asked again without them. */
const SelectiveStateSchema = z.object({
  mode: z.literal("selective"),
  rerouted: z.object({ excluded: z.array(z.string()) }).optional(),
});

/** Group chat: how many speaking turns are done (a resumed run continues with the next). */
const GroupChatStateSchema = z.object({
  mode: z.literal("group-chat"),
  turnsTaken: z.number().int().min(0).default(0),
});

/** One hand-over in a handoff run: who passed the question to whom (a specialist id or `router`), why, and what they had found. */
const HandoffSchema = z.object({ from: z.string(), to: z.string(), reason: z.string(), finding: FindingSchema });

/** Handoff: the specialist who has the question now (none before the Router chose), and the hand-overs so far. */
const HandoffStateSchema = z.object({
  mode: z.literal("handoff"),
  speaker: z.string().optional(),
  handoffs: z.array(HandoffSchema).default([]),
});

export const ModeStateSchema = z.discriminatedUnion("mode", [SelectiveStateSchema, GroupChatStateSchema, HandoffStateSchema]);
export type ModeState = z.infer<typeof ModeStateSchema>;
export type ModeStateOf<M extends OrchestrationMode> = Extract<ModeState, { mode: M }>;

export function initialModeState<M extends OrchestrationMode>(mode: M): ModeStateOf<M> {
  // The variants' defaults are their initial values; parsing `{ mode }` yields exactly the variant of `mode`.
  return ModeStateSchema.parse({ mode }) as ModeStateOf<M>;
}

/** A step of one mode running on another mode's run is a bug in a graph, not a model outcome, and throws. */
export function modeStateOf<M extends OrchestrationMode>(state: { modeState: ModeState }, mode: M): ModeStateOf<M> {
  const { modeState } = state;
  if (modeState.mode !== mode) throw new Error(`a ${mode} step ran on a ${modeState.mode} run`);
  // Checked just above: TypeScript does not narrow a union by a generic discriminant.
  return modeState as ModeStateOf<M>;
}
