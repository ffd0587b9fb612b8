import type { AppConfig } from "../config";
import { ChannelOperatorNotices, type NoticeChannelPoster, type OperatorNotices } from "./operator-notices";
import { systemClock, type Clock, type Log } from "../domain";

/**
 * Builds the notifier from OPERATOR_* settings (the tenant is the bot's), posting through `poster`
 * (the bot's Teams messaging). The composition root subscribes it to run events with
 * `notifyOperatorsOfRuns(lifecycle, notices)`.
 */
export function createOperatorNotices(
  config: AppConfig,
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
