import type { AppConfig } from "../config";
import { TeamsApprovalMessaging, type ApprovalAdapter } from "../approvals/teams-messaging";
import { systemClock } from "../workflow/deps";
import type { Clock } from "../workflow/ports";
import { ChannelOperatorNotices, type NoticeChannelPoster, type OperatorNotices } from "./operator-notices";

/** The operator notices of the bot process, and how they reach Teams once the bot exists. */
export interface OperatorNoticesModule {
  notices: OperatorNotices;
  /** Connects to the bot's adapter; until then a notice fails (and is logged), it never throws. */
  attach(bot: { adapter: ApprovalAdapter; botAppId: string | undefined }): void;
}

/**
 * Builds the notifier from OPERATOR_* settings (the tenant is the bot's). Usage in the composition
 * root: `const operators = createOperatorNotices(config, { log }); … operators.attach(bot);
 * notifyOperatorsOfRuns(bot.lifecycle, operators.notices);`.
 */
export function createOperatorNotices(config: AppConfig, options: { log: (line: string) => void; clock?: Clock; poster?: NoticeChannelPoster }): OperatorNoticesModule {
  const { env } = config;
  let attached: NoticeChannelPoster | undefined = options.poster;
  const poster: NoticeChannelPoster = {
    postThread: (target, card) => {
      if (!attached) return Promise.reject(new Error("operator notices are not attached to the bot yet"));
      return attached.postThread(target, card);
    },
  };
  const notices = new ChannelOperatorNotices(
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
    poster,
    options.clock ?? systemClock,
    options.log,
  );
  return {
    notices,
    attach: (bot) => {
      attached ??= new TeamsApprovalMessaging(bot.adapter, bot.botAppId);
    },
  };
}
