import { ConfigurationServiceClientCredentialFactory, type Activity, type InvokeResponse, type TurnContext } from "botbuilder";
import { TeamsAdapter } from "@microsoft/teams-ai";
import type { BotIdentity } from "./bot-identity";
import { Entity } from "botframework-connector/lib/connectorApi/models/mappers";

export class InboundAuthenticationError extends Error {
  constructor(cause: unknown) {
    super("the request's Bot Framework token could not be validated", { cause });
    this.name = "InboundAuthenticationError";
  }
}

type AuthenticatedRequest = Awaited<ReturnType<ProcuraTeamsAdapter["botFrameworkAuthentication"]["authenticateRequest"]>>;

// The token check apart from the turn, so a bad token gets our own 401 (botbuilder's `process` answers with its internal error text,
// and a 500 when validation itself fails) before anything is said about the request's content.
export class ProcuraTeamsAdapter extends TeamsAdapter {
  async authenticate(authHeader: string, activity: Activity): Promise<AuthenticatedRequest> {
    try {
      return await this.botFrameworkAuthentication.authenticateRequest(activity, authHeader);
    } catch (error) {
      throw new InboundAuthenticationError(error);
    }
  }

  processAuthenticated(
    request: AuthenticatedRequest,
    activity: Activity,
    logic: (context: TurnContext) => Promise<void>,
  ): Promise<InvokeResponse | undefined> {
    return this.processActivity(request, activity, logic);
  }
}

/** Without a bot identity, inbound JWT checks are off (local use). */
export function createTeamsAdapter(identity: BotIdentity): ProcuraTeamsAdapter {
  // The connector serializes entities by its Entity model, which lists only type, text and mentioned: without this the streaming info,
  // the AI label, citations and sensitivity labels are silently dropped (botbuilder 4.23 on @azure/core-client).
  Entity.type.additionalProperties ??= { type: { name: "Object" } };
  const factory = new ConfigurationServiceClientCredentialFactory(identity.authenticated ? identity.credentials : {});
  // botbuilder and its connector each bundle a copy of the factory's class; the instance fits both.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  return new ProcuraTeamsAdapter({}, factory);
}
