import type { ConversationReference, Storage, TurnContext } from "botbuilder";
import type { HistoryPage, HistoryRequest, TellRequester } from "../approvals";
import type { AdaptiveCard } from "../cards";
import type { Feedback, RunState } from "../domain";
import type { ConversationMemory, RunStore } from "../workflow/ports";

/** The store repositories the Teams layer uses (the Cosmos store satisfies this structurally). */
export interface TeamsStore {
  runs: RunStore;
  transcripts: { save(state: RunState): Promise<unknown> };
  feedback: { save(feedback: Feedback): Promise<void> };
  conversations: {
    save(conversationId: string, reference: Partial<ConversationReference>): Promise<void>;
    get(conversationId: string): Promise<Partial<ConversationReference> | undefined>;
  };
  /** What each chat or channel thread remembers for follow-ups; `reset` clears it. */
  memory: ConversationMemory;
  /** botbuilder Storage the worker keeps answer messages and stream positions in (never read at intake). */
  botState: Storage;
}

/** A stored conversation reference, enough to reply proactively. */
export type Reference = Partial<ConversationReference>;

/** Called when a run ends waiting for a human; the approvals module supplies the real one. */
export type AwaitingApprovalHook = (state: RunState, reference: Reference, tell?: TellRequester) => Promise<void>;

/** Handles an `approval.*` card action; returns the card or message for the invoke response. */
export type ApprovalActionHandler = (context: TurnContext, value: unknown) => Promise<AdaptiveCard | string>;

/** Lists recent approval decisions for an approver (`approvals history`): a page, or a refusal text. */
export type ApprovalHistoryHandler = (request: HistoryRequest) => Promise<HistoryPage | string>;

/**
 * What an approvals module contributes to the bot: a command it handles before any route (returns
 * false when it handled the activity), the `approval.*` card actions, the hand-off of runs that end
 * waiting for a human, and the approval history. A decided run is resumed by the run worker.
 */
export interface ApprovalsForBot {
  beforeTurn: (context: TurnContext) => Promise<boolean>;
  onAction: ApprovalActionHandler;
  onAwaitingApproval: AwaitingApprovalHook;
  history: ApprovalHistoryHandler;
}

// Declared once in the domain; still re-exported here for the files that import it from this module.
