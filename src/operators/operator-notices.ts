/**
 * Operators told in Teams: a notice card in the operators' channel for a failed, poisoned or retried run. The port is
 * `OperatorNotices.notify(notice)`; whoever learns about such a run (run delivery, the run queue's poison handling) calls it. Notices are
 * de-duplicated (one card per run and kind; one per error kind within a window) and rate-limited; what is held back is counted on the next
 * card. The bookkeeping is per process: two instances may each post one card for the same error storm, never one per run.
 */
import { LRUCache } from "lru-cache";
import { buildOperatorNoticeCard, type AdaptiveCard } from "../cards";
import { OperatorNoticeSchema, describeError, systemClock, type Log, type OperatorNotice } from "../domain";
import type { Clock } from "../workflow/ports";
import { describeZodError } from "../domain/errors";
import type { AppConfig } from "../config";

/** What became of one notice. */
export type NoticeOutcome = "posted" | "duplicate" | "rate_limited" | "no_channel" | "failed";

/** The port: tell operators about a run. Never throws (a notice must not break what raised it). */
export interface OperatorNotices {
  notify(notice: OperatorNotice): Promise<NoticeOutcome>;
}

/** Where a card goes: a channel, reached through a serviceUrl (the bot's Teams Messenger satisfies it). */
export interface NoticeChannelPoster {
  postThread(target: { serviceUrl: string; channelId: string; tenantId?: string }, card: AdaptiveCard): Promise<unknown>;
}

const HOUR_MS = 3_600_000;

/**
 * Notices posted to the operators' channel (OPERATOR_* settings, docs/configuration.md; the tenant is the bot's) through `poster` (the bot's
 * Teams messaging). The composition root subscribes it to run events with `notifyOperatorsOfRuns(lifecycle, notices)`.
 */
export function createOperatorNotices(
  { env, operators }: Pick<AppConfig, "env" | "operators">,
  options: { poster: NoticeChannelPoster; log: Log; clock?: Clock },
): OperatorNotices {
  const { log, clock = systemClock } = options;
  const notifiedRuns = new LRUCache<string, true>({ max: 10_000 });
  const lastPostByErrorKind = new Map<string, number>();
  let postTimes: number[] = [];
  let heldBack = 0;
  const holdBack = (outcome: "duplicate" | "rate_limited"): NoticeOutcome => {
    heldBack++;
    return outcome;
  };
  return {
    async notify(input) {
      const parsed = OperatorNoticeSchema.safeParse(input);
      if (!parsed.success) {
        log(`operator notice refused: ${describeZodError(parsed.error)}`);
        return "failed";
      }
      const notice = parsed.data;
      const channelId = env.OPERATOR_CHANNEL_ID;
      if (!channelId) return "no_channel";
      const runKey = `${notice.kind}:${notice.runId}`;
      if (notifiedRuns.has(runKey)) return "duplicate";
      notifiedRuns.set(runKey, true);

      const now = clock.now().getTime();
      const similarKey = `${notice.kind}:${notice.errorKind}`;
      const lastSimilar = lastPostByErrorKind.get(similarKey);
      if (lastSimilar !== undefined && now - lastSimilar < operators.dedupWindowMs) return holdBack("duplicate");
      postTimes = postTimes.filter((at) => now - at < HOUR_MS);
      if (postTimes.length >= env.OPERATOR_NOTICES_PER_HOUR) return holdBack("rate_limited");
      // The channel's own serviceUrl, else the requester's conversation's.
      const serviceUrl = env.OPERATOR_SERVICE_URL ?? notice.serviceUrl;
      if (!serviceUrl) {
        log(`operator notice for run ${notice.runId} not posted: no serviceUrl (set OPERATOR_SERVICE_URL)`);
        return "no_channel";
      }

      postTimes.push(now);
      lastPostByErrorKind.set(similarKey, now);
      const suppressed = heldBack;
      heldBack = 0;
      const words = env.OPERATOR_NOTICE_QUESTION_WORDS;
      try {
        await options.poster.postThread(
          { serviceUrl, channelId, ...(env.BOT_TENANT_ID ? { tenantId: env.BOT_TENANT_ID } : {}) },
          // The card reads the question only as its allowed first words (`questionStart`).
          buildOperatorNoticeCard({
            ...notice,
            language: "en",
            questionStart: notice.question && words > 0 ? firstWords(notice.question, words) : undefined,
            transactionUrl: env.OPERATOR_TRANSACTION_URL && fillLink(env.OPERATOR_TRANSACTION_URL, notice),
            suppressed,
          }),
        );
        return "posted";
      } catch (error) {
        heldBack += suppressed;
        log(`operator notice for run ${notice.runId} failed: ${describeError(error)}`);
        return "failed";
      }
    },
  };
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
