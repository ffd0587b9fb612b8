import type { Env } from "../config";
import { ConfigurationError, type Log } from "../domain";

interface BotCredentials {
  MicrosoftAppId: string;
  MicrosoftAppPassword: string;
  MicrosoftAppType: "MultiTenant" | "SingleTenant" | "UserAssignedMsi";
  MicrosoftAppTenantId: string;
}

export type BotIdentity = { authenticated: true; appId: string; credentials: BotCredentials } | { authenticated: false; appId: undefined };

/** No BOT_ID is unauthenticated local mode (warned about loudly), refused in production; an incomplete identity is a config error. */
export function resolveBotIdentity(
  env: Pick<Env, "BOT_ID" | "BOT_PASSWORD" | "BOT_TYPE" | "BOT_TENANT_ID" | "NODE_ENV">,
  warn: Log,
): BotIdentity {
  if (!env.BOT_ID) {
    if (env.NODE_ENV === "production")
      throw new ConfigurationError(
        "Invalid configuration: BOT_ID is required when NODE_ENV=production (the bot refuses to accept unauthenticated requests)",
      );
    warn(
      [
        "************************************************************************",
        "* BOT_ID is not set: the bot runs UNAUTHENTICATED (local use only).    *",
        "* Requests to /api/messages are accepted without a Bot Framework JWT,  *",
        "* so the bot listens on 127.0.0.1 only (see HOST, ALLOW_UNAUTHENTICATED).*",
        "************************************************************************",
      ].join("\n"),
    );
    return { authenticated: false, appId: undefined };
  }
  const type = env.BOT_TYPE;
  if (type !== "MultiTenant" && !env.BOT_TENANT_ID)
    throw new ConfigurationError(`Invalid configuration: BOT_TENANT_ID is required when BOT_TYPE=${type}`);
  if (type !== "UserAssignedMsi" && !env.BOT_PASSWORD)
    throw new ConfigurationError(
      `Invalid configuration: BOT_PASSWORD is required when BOT_TYPE=${type} (use BOT_TYPE=UserAssignedMsi for a managed identity)`,
    );
  return {
    authenticated: true,
    appId: env.BOT_ID,
    credentials: {
      MicrosoftAppId: env.BOT_ID,
      MicrosoftAppPassword: type === "UserAssignedMsi" ? "" : (env.BOT_PASSWORD ?? ""),
      MicrosoftAppType: type,
      MicrosoftAppTenantId: env.BOT_TENANT_ID ?? "",
    },
  };
}
