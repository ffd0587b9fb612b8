import { ConfigurationServiceClientCredentialFactory, type Activity, type InvokeResponse, type TurnContext } from "botbuilder";
import { TeamsAdapter } from "@microsoft/teams-ai";
import type { BotIdentity } from "./bot-identity";
import { keepEntityProperties } from "./entity-serialization";

/** The request's Bot Framework token could not be validated; `cause` holds the SDK's detail (for the log only). */
export class InboundAuthenticationError extends Error {
  constructor(cause: unknown) {
    super("the request's Bot Framework token could not be validated", { cause });
    this.name = "InboundAuthenticationError";
  }
}

/** A request whose token was validated: what the adapter needs to run its turn. */
type AuthenticatedRequest = Awaited<ReturnType<ProcuraTeamsAdapter["botFrameworkAuthentication"]["authenticateRequest"]>>;

/**
 * teams-ai's adapter with the token check apart from the turn, so the endpoint answers a bad token
 * with its own 401 (botbuilder's `process` answers with its internal error text, and a 500 whenever
 * validation itself fails, e.g. signing keys that cannot be fetched), and checks a request's token
 * before it says anything about the request's content.
 */
export class ProcuraTeamsAdapter extends TeamsAdapter {
  /** Validates the request's token against the activity's channel; throws InboundAuthenticationError. */
  async authenticate(authHeader: string, activity: Activity): Promise<AuthenticatedRequest> {
    try {
      return await this.botFrameworkAuthentication.authenticateRequest(activity, authHeader);
    } catch (error) {
      throw new InboundAuthenticationError(error);
    }
  }

  /** Runs `logic` in a turn for an authenticated request; returns an invoke's response. */
  processAuthenticated(
    request: AuthenticatedRequest,
    activity: Activity,
    logic: (context: TurnContext) => Promise<void>,
  ): Promise<InvokeResponse | undefined> {
    return this.processActivity(request, activity, logic);
  }
}

/** The CloudAdapter for the bot's identity; without one, inbound JWT checks are off (local use). */
export function createTeamsAdapter(identity: BotIdentity): ProcuraTeamsAdapter {
  keepEntityProperties();
  const factory = new ConfigurationServiceClientCredentialFactory(identity.authenticated ? identity.credentials : {});
  // botbuilder and its connector each bundle a copy of the factory's class; the instance fits both.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  return new ProcuraTeamsAdapter({}, factory);
}
