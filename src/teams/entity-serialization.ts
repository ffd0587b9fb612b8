import { Entity } from "botframework-connector/lib/connectorApi/models/mappers";

/**
 * Lets every field of an activity's entities reach Teams. The connector's serializer looks the
 * Entity model up by name, and that model lists only `type`, `text` and `mentioned`, so without this
 * the streaming info, the AI-generated label, citations and sensitivity labels are silently dropped
 * (botbuilder 4.23 on @azure/core-client). Idempotent.
 */
export function keepEntityProperties(): void {
  Entity.type.additionalProperties ??= { type: { name: "Object" } };
}
