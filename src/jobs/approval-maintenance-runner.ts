import { createApprovals } from "../approvals";
import { displayNamesFrom } from "../cards";
import type { AppConfig } from "../config";
import { openCosmosStore } from "../storage";
import { loadPromptLibrary } from "../workflow/prompt-library";
import { createAnswerActivities } from "../teams/answer-activity";
import { TeamsApprovalMessaging } from "../teams/approval-messaging";
import { resolveBotIdentity } from "../teams/bot-identity";
import { createTeamsAdapter } from "../teams/teams-adapter";
import { createTelemetry } from "../telemetry";
import type { MaintenanceResult } from "../approvals/maintenance";

/**
 * Runs one approval maintenance pass (reminders, expiry, undone deliveries) outside the bot: the
 * Cosmos store, Application Insights, and a botbuilder adapter with the bot's identity (BOT_ID,
 * BOT_PASSWORD, BOT_TYPE, BOT_TENANT_ID) to send to Teams. Does nothing unless
 * APPROVAL_SCHEDULER=function, so the bot and the Functions timer never both run it.
 */
export async function runApprovalMaintenanceOnce(
  config: AppConfig,
  options: { log: (line: string) => void; now?: Date },
): Promise<MaintenanceResult | { skipped: string }> {
  if (config.env.APPROVAL_SCHEDULER !== "function")
    return {
      skipped: `APPROVAL_SCHEDULER=${config.env.APPROVAL_SCHEDULER}: the approval job runs ${config.env.APPROVAL_SCHEDULER === "bot" ? "in the bot process" : "nowhere"}`,
    };
  const identity = resolveBotIdentity(config.env, options.log);
  const telemetry = createTelemetry(config, options.log);
  const store = await openCosmosStore(config, { log: options.log });
  try {
    // Undone deliveries of approved answers go out from here too: built like the bot's, and mapped to
    // their runs in the bot's state storage so Teams' feedback loop on them reaches the bot.
    const names = displayNamesFrom(loadPromptLibrary(config.workflow.promptsDir).specialists);
    const answers = createAnswerActivities(config, { names, botState: store.botState, log: options.log });
    const approvals = createApprovals({
      config,
      names,
      store,
      telemetry,
      log: options.log,
      messaging: new TeamsApprovalMessaging(createTeamsAdapter(identity), identity.appId, answers),
    });
    return await approvals.runMaintenance(options.now);
  } finally {
    await telemetry.flush();
    await store.close();
  }
}
