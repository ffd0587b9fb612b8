import { ConfigurationServiceClientCredentialFactory } from "botbuilder";
import { TeamsAdapter } from "@microsoft/teams-ai";
import type { BotIdentity } from "./bot-identity";
import { keepEntityProperties } from "./entity-serialization";

/** The CloudAdapter for the bot's identity; without one, inbound JWT checks are off (local use). */
export function createTeamsAdapter(identity: BotIdentity): TeamsAdapter {
  keepEntityProperties();
  const factory = new ConfigurationServiceClientCredentialFactory(identity.authenticated ? identity.credentials : {});
  return new TeamsAdapter({}, factory);
}
