/**
 * Operators told in Teams: a notice card in the operators' channel for a failed, poisoned or retried run. The port is
 * `OperatorNotices.notify(notice)`; whoever learns about such a run (run delivery, the run queue's poison handling) calls it. Notices are
 * de-duplicated (one card per run and kind; one per error kind within a window) and rate-limited; what is held back is counted on the next
 * card. The bookkeeping is per process: two instances may each post one card for the same error storm, never one per run.
 */
import { LRUCache } from "lru-cache";
import { buildOperatorNoticeCard, type AdaptiveCard } from "../cards";
import { OperatorNoticeSchema, describeError, systemClock, type Language, type Log, type OperatorNotice } from "../domain";
import type { Clock } from "../workflow/ports";
import { describeZodError } from "../domain/errors";
import type { AppConfig } from "../config";

/** What became of one notice. */
export type NoticeOutcome = "posted" | "duplicate" | "rate_limited" | "no_channel" | "failed";

/** The port: tell operators about a run. Never throws (a notice must not break what raised it). */
export interface OperatorNotices {
  notify(notice: OperatorNotice): Promise<NoticeOutcome>;
}

/** Where a card goes: a channel, reached through a serviceUrl (the approvals' Teams messaging satisfies it). */
export interface NoticeChannelPoster {
  postThread(target: { serviceUrl: string; channelId: string; tenantId?: string }, card: AdaptiveCard): Promise<unknown>;
}

/** The operators' channel and the notice policy (from OPERATOR_* settings). */
export interface OperatorNoticeSettings {
  channelId?: string;
  /** The channel's serviceUrl; when absent, the requester's conversation's is used. */
  serviceUrl?: string;
  tenantId?: string;
  /** How many of the question's first words a card may show; 0 shows none. */
  questionWords: number;
  /** Cards per rolling hour; beyond it notices are held back and counted. */
  perHour: number;
  /** A second notice of the same kind and error kind within this window is held back. */
  dedupWindowMs: number;
  /** Link template with `{correlationId}` and `{runId}`, e.g. an Application Insights transaction search. */
  transactionUrl?: string;
  language: Language;
}

const HOUR_MS = 3_600_000;

/** Notices posted to the operators' channel through `poster`. */
export class ChannelOperatorNotices implements OperatorNotices {
  private readonly notifiedRuns = new LRUCache<string, true>({ max: 10_000 });
  private readonly lastPostByErrorKind = new Map<string, number>();
  private postTimes: number[] = [];
  private heldBack = 0;

  constructor(
    private readonly settings: OperatorNoticeSettings,
    private readonly poster: NoticeChannelPoster,
    private readonly clock: Clock,
    private readonly log: Log,
  ) {}

  async notify(input: OperatorNotice): Promise<NoticeOutcome> {
    const parsed = OperatorNoticeSchema.safeParse(input);
    if (!parsed.success) {
      this.log(`operator notice refused: ${describeZodError(parsed.error)}`);
      return "failed";
    }
    const notice = parsed.data;
    const { channelId } = this.settings;
    if (!channelId) return "no_channel";
    const runKey = `${notice.kind}:${notice.runId}`;
    if (this.notifiedRuns.has(runKey)) return "duplicate";
    this.notifiedRuns.set(runKey, true);

    const now = this.clock.now().getTime();
    const similarKey = `${notice.kind}:${notice.errorKind}`;
    const lastSimilar = this.lastPostByErrorKind.get(similarKey);
    if (lastSimilar !== undefined && now - lastSimilar < this.settings.dedupWindowMs) return this.holdBack("duplicate");
    this.postTimes = this.postTimes.filter((at) => now - at < HOUR_MS);
    if (this.postTimes.length >= this.settings.perHour) return this.holdBack("rate_limited");
    const serviceUrl = this.settings.serviceUrl ?? notice.serviceUrl;
    if (!serviceUrl) {
      this.log(`operator notice for run ${notice.runId} not posted: no serviceUrl (set OPERATOR_SERVICE_URL)`);
      return "no_channel";
    }

    this.postTimes.push(now);
    this.lastPostByErrorKind.set(similarKey, now);
    const suppressed = this.heldBack;
    this.heldBack = 0;
    try {
      await this.poster.postThread(
        { serviceUrl, channelId, ...(this.settings.tenantId ? { tenantId: this.settings.tenantId } : {}) },
        this.card(notice, suppressed),
      );
      return "posted";
    } catch (error) {
      this.heldBack += suppressed;
      this.log(`operator notice for run ${notice.runId} failed: ${describeError(error)}`);
      return "failed";
    }
  }

  private holdBack(outcome: "duplicate" | "rate_limited"): NoticeOutcome {
    this.heldBack++;
    return outcome;
  }

  private card(notice: OperatorNotice, suppressed: number): AdaptiveCard {
    const { questionWords, transactionUrl, language } = this.settings;
    const questionStart = notice.question && questionWords > 0 ? firstWords(notice.question, questionWords) : undefined;
    return buildOperatorNoticeCard({
      language,
      kind: notice.kind,
      runId: notice.runId,
      correlationId: notice.correlationId,
      errorKind: notice.errorKind,
      attempts: notice.attempts,
      questionStart,
      transactionUrl: transactionUrl && fillLink(transactionUrl, notice),
      suppressed,
    });
  }
}

/**
 * Builds the notifier from OPERATOR_* settings (the tenant is the bot's), posting through `poster` (the bot's Teams messaging). The
 * composition root subscribes it to run events with `notifyOperatorsOfRuns(lifecycle, notices)`.
 */
export function createOperatorNotices(
  { env, operators }: Pick<AppConfig, "env" | "operators">,
  options: { poster: NoticeChannelPoster; log: Log; clock?: Clock },
): OperatorNotices {
  const settings: OperatorNoticeSettings = {
    channelId: env.OPERATOR_CHANNEL_ID,
    serviceUrl: env.OPERATOR_SERVICE_URL,
    tenantId: env.BOT_TENANT_ID,
    questionWords: env.OPERATOR_NOTICE_QUESTION_WORDS,
    perHour: env.OPERATOR_NOTICES_PER_HOUR,
    dedupWindowMs: operators.dedupWindowMs,
    transactionUrl: env.OPERATOR_TRANSACTION_URL,
    language: "en",
  };
  return new ChannelOperatorNotices(settings, options.poster, options.clock ?? systemClock, options.log);
}

/** The first `count` words (Japanese is segmented into words too), with "…" when cut. */
export function firstWords(text: string, count: number): string {
  const segments = [...new Intl.Segmenter(undefined, { granularity: "word" }).segment(text.trim())];
  let words = 0;
  let end = 0;
  for (const segment of segments) {
    if (segment.isWordLike && ++words > count) break;
    end = segment.index + segment.segment.length;
  }
  const start = text.trim().slice(0, end).trimEnd();
  return end < text.trim().length ? `${start}…` : start;
}

function fillLink(template: string, notice: OperatorNotice): string {
  return template
    .replaceAll("{correlationId}", encodeURIComponent(notice.correlationId))
    .replaceAll("{runId}", encodeURIComponent(notice.runId));
}
