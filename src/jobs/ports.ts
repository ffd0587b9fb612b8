/**
 * The interfaces the evaluation jobs own. src/storage satisfies TranscriptSource, EvaluationStore
 * and CanaryStore on Cosmos (`transcripts`, `evaluations`, `canaryRuns`); src/telemetry satisfies
 * EvaluationTelemetry and CanaryTelemetry on Application Insights. Both do so structurally, over the
 * shapes in `domain/`, so no adapter imports a job.
 */
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

/** Stored transcripts the job has not scored yet (the watermark is each transcript's `evaluatedAt`). */
export interface TranscriptSource {
  /** Terminal transcripts without `evaluatedAt`, oldest first, optionally only those started at or after `since`. */
  listUnevaluated(options: { since?: string; limit: number }): Promise<TranscriptDocument[]>;
  /** Sets the transcript's `evaluatedAt`, so later runs skip it (may report false when it no longer exists). */
  markEvaluated(transcriptId: string, conversationId: string, at: string): Promise<boolean>;
}

/** Where evaluation records go; `save` is an upsert. */
export interface EvaluationStore {
  save(record: EvaluationRecord): Promise<void>;
}

/** Telemetry of the evaluation job (src/telemetry's Telemetry satisfies it). Must not throw. */
export interface EvaluationTelemetry {
  /** Once per metric and per judge criterion of each evaluated transcript. */
  transcriptEvaluated(props: TranscriptEvaluatedProps): void;
}

/** Where canary records go (Cosmos `canaryRuns`). */
export interface CanaryStore {
  save(record: CanaryRecord): Promise<void>;
}

/** Telemetry of the canary (src/telemetry's Telemetry satisfies it). Must not throw. */
export interface CanaryTelemetry {
  /** `CanaryCompleted`, once per canary run (also when it failed). */
  canaryCompleted(props: CanaryCompletedProps): void;
  /** `CanaryScored`, once per check kind of a canary run. */
  canaryScored(props: CanaryScoredProps): void;
}

/** The `renewalAlerts` container (CosmosRenewalAlertRepository): create-if-absent claims, etag-conditional changes. */
export interface RenewalAlertRecords {
  create(alert: RenewalAlert): Promise<ConditionalWrite>;
  get(id: string): Promise<Versioned<RenewalAlert> | undefined>;
  replace(alert: RenewalAlert, etag: string): Promise<ConditionalWrite>;
}

/** Telemetry of the renewal alerts (src/telemetry's Telemetry satisfies it). Must not throw. */
export interface RenewalTelemetry {
  renewalAlert(props: RenewalAlertProps): void;
}
