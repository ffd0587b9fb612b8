import type { RunState } from "../domain";
import type { WorkflowSettings } from "../domain/model-profile";
import type { PromptLibrary } from "./prompt-library";
import type { AnswerPreview, ChatModel, Clock, ConversationMemory, EvidencePlanner, EventSink, RunStore, ToolRegistry } from "./ports";

export interface WorkflowDeps {
  model: ChatModel;
  tools: ToolRegistry;
  /** Plans the tool calls a question implies and guesses the specialists, to start both while the Router decides (none: neither). */
  evidencePlanner?: EvidencePlanner;
  store: RunStore;
  memory: ConversationMemory;
  clock: Clock;
  events: EventSink;
  prompts: PromptLibrary;
  settings: WorkflowSettings;
  newRunId: () => string;
  /** Where the conclusion goes while it is written (streamed answers); none: only the finished answer counts. */
  answerPreview?: AnswerPreview;
  /** Asks the approvals room for the run's approval (none: a run needing one just stops awaiting it, as the CLI shows). */
  requestApproval?: (state: RunState) => Promise<void>;
  /** Scrubs personal data and secrets from stored executor inputs and outputs (none when absent). */
  redactStoredText?: (text: string) => string;
}
