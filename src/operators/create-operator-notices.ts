import type { AppConfig, Env } from "../config";
import { ChannelOperatorNotices, type NoticeChannelPoster, type OperatorNotices } from "./operator-notices";
import { systemClock, type Clock, type Log } from "../domain";

/** The settings operator notices read: the OPERATOR_* variables, the bot's tenant and the dedup window. */
export interface OperatorNoticeSettings {
  env: Pick<
    Env,
    | "OPERATOR_CHANNEL_ID"
    | "OPERATOR_SERVICE_URL"
    | "BOT_TENANT_ID"
    | "OPERATOR_NOTICE_QUESTION_WORDS"
    | "OPERATOR_NOTICES_PER_HOUR"
    | "OPERATOR_TRANSACTION_URL"
  >;
  operators: AppConfig["operators"];
}

/**
 * Builds the notifier from OPERATOR_* settings (the tenant is the bot's), posting through `poster` (the bot's Teams messaging). The
 * composition root subscribes it to run events with `notifyOperatorsOfRuns(lifecycle, notices)`.
 */
export function createOperatorNotices(
  config: OperatorNoticeSettings,
  options: { poster: NoticeChannelPoster; log: Log; clock?: Clock },
): OperatorNotices {
  const { env } = config;
  return new ChannelOperatorNotices(
    {
      channelId: env.OPERATOR_CHANNEL_ID,
      serviceUrl: env.OPERATOR_SERVICE_URL,
      tenantId: env.BOT_TENANT_ID,
      questionWords: env.OPERATOR_NOTICE_QUESTION_WORDS,
      perHour: env.OPERATOR_NOTICES_PER_HOUR,
      dedupWindowMs: config.operators.dedupWindowMs,
      transactionUrl: env.OPERATOR_TRANSACTION_URL,
      language: "en",
    },
    options.poster,
    options.clock ?? systemClock,
    options.log,
  );
}
