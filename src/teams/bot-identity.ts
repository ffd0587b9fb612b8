import { isIP } from "node:net";
import type { ConfigurationServiceClientCredentialFactoryOptions } from "botbuilder";
import type { Env } from "../config";
import { ConfigurationError, type Log } from "../domain";

export type BotIdentity =
  | { authenticated: true; appId: string; credentials: ConfigurationServiceClientCredentialFactoryOptions }
  | { authenticated: false; appId: undefined };

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

/** True for addresses only this machine can reach: 127.0.0.0/8, ::1 (also IPv4-mapped) and `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost") return true;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  if (isIP(bare) === 6) return bare === "::1" || /^(0{0,4}:){5}ffff:127\./.test(bare.replace(/^::/, "0:0:0:0:0:"));
  return false;
}

// HOST wins; unset, an authenticated bot listens on every interface (App Service forwards to it), an unauthenticated one on
// 127.0.0.1 only: without BOT_ID whoever reaches the port speaks as any user or approver. Elsewhere it needs ALLOW_UNAUTHENTICATED.
export function resolveListenHost(
  env: Pick<Env, "ALLOW_UNAUTHENTICATED">,
  identity: BotIdentity,
  requested: string | undefined,
  warn: Log,
): string {
  const host = requested ?? (identity.authenticated ? "0.0.0.0" : "127.0.0.1");
  if (identity.authenticated || isLoopbackHost(host)) return host;
  if (!env.ALLOW_UNAUTHENTICATED)
    throw new ConfigurationError(
      `Invalid configuration: HOST=${host} is not a loopback address and BOT_ID is not set, so anyone who can reach this port could act as any user or approver. ` +
        "Set BOT_ID (with BOT_PASSWORD / BOT_TENANT_ID), or leave HOST unset (127.0.0.1), or set ALLOW_UNAUTHENTICATED=true to accept the risk.",
    );
  warn(
    [
      "************************************************************************",
      `* ALLOW_UNAUTHENTICATED=true: listening on ${host} WITHOUT authentication.`,
      "* Anyone who can reach this port can act as any user or approver.      *",
      "************************************************************************",
    ].join("\n"),
  );
  return host;
}
