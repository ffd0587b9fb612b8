import { createApprovals } from "../approvals";
import { displayNamesFrom } from "../cards";
import type { AppConfig } from "../config";
import { openRunQueue } from "../queue/open-run-queue";
import { loadPromptLibrary } from "../workflow/prompt-library";
import { Messenger } from "../teams/messenger";
import { resolveBotIdentity } from "../teams/bot-identity";
import { createTeamsAdapter } from "../teams/teams-adapter";
import { withJobContext } from "./job-context";
import type { Log } from "../domain";

/** One approval maintenance pass outside the bot; does nothing unless APPROVAL_SCHEDULER=function, so the bot and the timer never both run it. */
export async function runApprovalMaintenanceOnce(config: AppConfig, options: { log: Log; now?: Date }) {
  if (config.env.APPROVAL_SCHEDULER !== "function")
    return {
      skipped: `APPROVAL_SCHEDULER=${config.env.APPROVAL_SCHEDULER}: the approval job runs ${config.env.APPROVAL_SCHEDULER === "bot" ? "in the bot process" : "nowhere"}`,
    };
  const identity = resolveBotIdentity(config.env, options.log);
  return withJobContext(config, options.log, async ({ store, telemetry }) => {
    const queue = await openRunQueue(config, { log: options.log });
    try {
      // The approver card a reminder updates names the specialists as the bot's does.
      const names = displayNamesFrom(loadPromptLibrary(config.workflow.promptsDir).specialists);
      const approvals = createApprovals({
        config,
        names,
        store,
        telemetry,
        log: options.log,
        messaging: new Messenger(createTeamsAdapter(identity), identity.appId),
        continueRun: (approvalId) => queue.enqueue({ kind: "approval_decided", approvalId }),
      });
      return await approvals.runMaintenance(options.now);
    } finally {
      await queue.close();
    }
  });
}
