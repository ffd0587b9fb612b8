import { Entity } from "botframework-connector/lib/connectorApi/models/mappers";

// The connector serializes entities by its Entity model, which lists only type, text and mentioned: without this the streaming info,
// the AI label, citations and sensitivity labels are silently dropped (botbuilder 4.23 on @azure/core-client). Idempotent.
export function keepEntityProperties(): void {
  Entity.type.additionalProperties ??= { type: { name: "Object" } };
}
