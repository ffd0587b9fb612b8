import { ConfigurationServiceClientCredentialFactory, type Activity, type InvokeResponse, type TurnContext } from "botbuilder";
import { TeamsAdapter } from "@microsoft/teams-ai";
import type { BotIdentity } from "./bot-identity";

/** The request's Bot Framework token could not be validated; `cause` holds the SDK's detail (for the log only). */
export class InboundAuthenticationError extends Error {
  constructor(cause: unknown) {
    super("the request's Bot Framework token could not be validated", { cause });
    this.name = "InboundAuthenticationError";
  }
}

/**
 * teams-ai's adapter with one inbound entry point that separates the token check from the turn, so
 * the endpoint answers a bad token with its own 401 (botbuilder's `process` answers with its internal
 * error text, and a 500 whenever validation itself fails, e.g. signing keys that cannot be fetched).
 */
export class ProcuraTeamsAdapter extends TeamsAdapter {
  /** Authenticates the request (throws InboundAuthenticationError), then runs `logic` in a turn; returns an invoke's response. */
  async processInbound(authHeader: string, activity: Activity, logic: (context: TurnContext) => Promise<void>): Promise<InvokeResponse | undefined> {
    let authenticated: Awaited<ReturnType<ProcuraTeamsAdapter["botFrameworkAuthentication"]["authenticateRequest"]>>;
    try {
      authenticated = await this.botFrameworkAuthentication.authenticateRequest(activity, authHeader);
    } catch (error) {
      throw new InboundAuthenticationError(error);
    }
    return this.processActivity(authenticated, activity, logic);
  }
}

/** The CloudAdapter for the bot's identity; without one, inbound JWT checks are off (local use). */
export function createTeamsAdapter(identity: BotIdentity): ProcuraTeamsAdapter {
  const factory = new ConfigurationServiceClientCredentialFactory(identity.authenticated ? identity.credentials : {});
  return new ProcuraTeamsAdapter({}, factory);
}
