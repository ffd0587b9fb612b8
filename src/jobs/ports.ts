/** The interfaces the evaluation jobs own; src/storage and src/telemetry satisfy them structurally, so no adapter imports a job. */
import type {
  CanaryCompletedProps,
  CanaryRecord,
  CanaryScoredProps,
  EvaluationRecord,
  RenewalAlert,
  RenewalAlertProps,
  TranscriptDocument,
  TranscriptEvaluatedProps,
} from "../domain";
import type { ConditionalWrite, Versioned } from "../workflow/ports";

export interface TranscriptSource {
  /** Terminal transcripts without `evaluatedAt`, oldest first, optionally only those started at or after `since`. */
  listUnevaluated(options: { since?: string; limit: number }): Promise<TranscriptDocument[]>;
  /** Sets the transcript's `evaluatedAt`, so later runs skip it (may report false when it no longer exists). */
  markEvaluated(transcriptId: string, conversationId: string, at: string): Promise<boolean>;
}

export interface EvaluationStore {
  save(record: EvaluationRecord): Promise<void>;
}

export interface EvaluationTelemetry {
  transcriptEvaluated(props: TranscriptEvaluatedProps): void;
}

export interface CanaryStore {
  save(record: CanaryRecord): Promise<void>;
}

export interface CanaryTelemetry {
  canaryCompleted(props: CanaryCompletedProps): void;
  canaryScored(props: CanaryScoredProps): void;
}

export interface RenewalAlertRecords {
  create(alert: RenewalAlert): Promise<ConditionalWrite>;
  get(id: string): Promise<Versioned<RenewalAlert> | undefined>;
  replace(alert: RenewalAlert, etag: string): Promise<ConditionalWrite>;
}

export interface RenewalTelemetry {
  renewalAlert(props: RenewalAlertProps): void;
}
