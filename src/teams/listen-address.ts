import { isIP } from "node:net";
import type { Env } from "../config";
import { ConfigurationError, type Log } from "../domain";
import type { BotIdentity } from "./bot-identity";

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
