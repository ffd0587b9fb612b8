import type { Container, SqlParameter } from "@azure/cosmos";
import { TranscriptDocumentSchema, type RunState, type TranscriptDocument } from "../domain";
import { parseDocument, queryDocuments, readDocument } from "./documents";
import { storeCall, storeCallExpecting } from "./store-call";
import { buildTranscript } from "./transcript-builder";

/** Run transcripts in the `transcripts` container (partition key `/conversationId`, TTL from config). */
export class CosmosTranscriptRepository {
  constructor(private readonly container: Container) {}

  async save(state: RunState): Promise<TranscriptDocument> {
    const transcript = buildTranscript(state);
    await storeCall(`save transcript ${transcript.id}`, (abortSignal) => this.container.items.upsert(transcript, { abortSignal }));
    return transcript;
  }

  /** Undefined when unknown, or expired by TTL. */
  async get(runId: string, conversationId: string): Promise<TranscriptDocument | undefined> {
    const document = await readDocument(this.container, runId, conversationId);
    return document && parseDocument(TranscriptDocumentSchema, document.raw, this.container.id);
  }

  /** Finished transcripts not yet scored by the evaluation job, oldest first. */
  listUnevaluated(options: { since?: string; limit: number }): Promise<TranscriptDocument[]> {
    return this.listFinishedWhere("NOT IS_DEFINED(c.evaluatedAt) AND ", options, "");
  }

  /** Finished transcripts started at or after `since`, newest first, at most `limit` (the tuning report's runs). */
  listFinished(options: { since: string; limit: number }): Promise<TranscriptDocument[]> {
    return this.listFinishedWhere("", options, " DESC");
  }

  private listFinishedWhere(condition: string, options: { since?: string; limit: number }, order: string): Promise<TranscriptDocument[]> {
    const parameters: SqlParameter[] = [
      { name: "@limit", value: options.limit },
      { name: "@running", value: "running" },
      // Every ISO time is >= "".
      { name: "@since", value: options.since ?? "" },
    ];
    const where = `${condition}c.status != @running AND c.startedAt >= @since`;
    return queryDocuments(
      this.container,
      { query: `SELECT TOP @limit * FROM c WHERE ${where} ORDER BY c.startedAt${order}`, parameters },
      TranscriptDocumentSchema,
    );
  }

  /** False when the transcript no longer exists. */
  async markEvaluated(transcriptId: string, conversationId: string, at: string): Promise<boolean> {
    const result = await storeCallExpecting(
      `mark transcript ${transcriptId} evaluated`,
      (abortSignal) =>
        this.container.item(transcriptId, conversationId).patch([{ op: "set", path: "/evaluatedAt", value: at }], { abortSignal }),
      [404],
    );
    return result.kind === "ok";
  }
}
