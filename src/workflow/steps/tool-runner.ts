import { describeError, type EvidenceItem, type Language, type ToolCallRecord } from "../../domain";
import type { ModelToolCall, ToolDefinition, ToolMessageContent, ToolRegistry, ToolSpec } from "../ports";
import { describeZodError } from "../../domain/errors";

/** Longest tool data (as JSON) sent back to a model; larger results are cut to their digest and evidence. */
const MAX_TOOL_DATA_CHARS = 12_000;

/** One tool call run: the message content for the model, the record for the transcript, the evidence as the tool gave it. */
export interface ToolCallResult {
  call: ModelToolCall;
  content: ToolMessageContent;
  record: ToolCallRecord;
  /** With the document links the model's content leaves out. */
  evidence: EvidenceItem[];
}

/** The named tools as a model is offered them (names the registry lacks are left out); adapters send only what a spec holds. */
export function toolSpecsOf(tools: ToolRegistry, names: readonly string[]): ToolSpec[] {
  return names.flatMap((name) => tools.get(name) ?? []);
}

/**
 * Unknown tools, invalid arguments and tool errors become error messages to the model (it may correct itself), never exceptions.
 * Only tools in `allowed` run, worded in the question's language (the model and the citations read the same text).
 */
export async function runToolCalls(
  tools: ToolRegistry,
  allowed: readonly string[],
  calls: ModelToolCall[],
  language: Language,
): Promise<ToolCallResult[]> {
  return Promise.all(
    calls.map(async (call) => {
      const started = performance.now();
      const { content, args, evidence } = await runOne(tools, allowed, call, language);
      const lookedUp = entitiesNamedBy(tools.get(call.name), args);
      const record: ToolCallRecord = {
        name: call.name,
        arguments: args,
        ok: content.ok,
        resultDigest: content.ok ? content.digest : `error: ${content.error}`,
        durationMs: Math.round(performance.now() - started),
        ...(content.resolution ? { resolution: content.resolution } : {}),
        ...(lookedUp.length > 0 ? { lookedUp } : {}),
      };
      return { call, content, record, evidence };
    }),
  );
}

/** The entities a call's arguments named, by its tool's argument kinds (a supplier, a category, a period). */
function entitiesNamedBy(tool: ToolDefinition | undefined, args: Record<string, unknown>): NonNullable<ToolCallRecord["lookedUp"]> {
  return Object.entries(tool?.argumentKinds ?? {}).flatMap(([argument, kind]) => {
    const value = args[argument];
    return kind && typeof value === "string" && value.trim() !== "" ? [{ kind, name: value.trim() }] : [];
  });
}

async function runOne(
  tools: ToolRegistry,
  allowed: readonly string[],
  call: ModelToolCall,
  language: Language,
): Promise<{ content: ToolMessageContent; args: Record<string, unknown>; evidence: EvidenceItem[] }> {
  const failure = (error: string, args: Record<string, unknown> = {}) => ({
    content: { tool: call.name, ok: false, digest: "", evidence: [], error },
    args,
    evidence: [],
  });
  const tool = allowed.includes(call.name) ? tools.get(call.name) : undefined;
  if (!tool) return failure(`unknown tool '${call.name}'; available: ${allowed.join(", ")}`);
  let raw: unknown;
  try {
    raw = call.arguments.trim() === "" ? {} : JSON.parse(call.arguments);
  } catch {
    return failure("arguments are not valid JSON");
  }
  const args = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const parsed = tool.parameters.safeParse(raw);
  if (!parsed.success) return failure(`invalid arguments: ${describeZodError(parsed.error)}`, args);
  try {
    const result = await tool.run(parsed.data, language);
    const dataJson = JSON.stringify(result.data);
    return {
      content: {
        tool: call.name,
        ok: true,
        digest: result.digest,
        // The model reads evidence as it writes it: links, subjects and categories are added back from the tool's record.
        evidence: result.evidence.map(({ url: _link, subject: _subject, category: _category, ...written }) => written),
        data: dataJson.length <= MAX_TOOL_DATA_CHARS ? result.data : undefined,
        ...(result.resolution ? { resolution: result.resolution } : {}),
      },
      args,
      evidence: result.evidence,
    };
  } catch (error) {
    return failure(`tool failed: ${describeError(error)}`, args);
  }
}
