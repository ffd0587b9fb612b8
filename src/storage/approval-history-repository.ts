import type { Container } from "@azure/cosmos";
import { ApprovalSchema, type Approval } from "../domain";
import { queryDocuments } from "./documents";

/** The approval history, read from the `approvals` container (the records are never deleted). */
export class CosmosApprovalHistory {
  constructor(private readonly container: Container) {}

  /** Every approval created at or after `since` (all without it), oldest first. */
  listCreatedSince(since?: string): Promise<Approval[]> {
    return queryDocuments(
      this.container,
      since === undefined
        ? { query: "SELECT * FROM c ORDER BY c.createdAt" }
        : { query: "SELECT * FROM c WHERE c.createdAt >= @since ORDER BY c.createdAt", parameters: [{ name: "@since", value: since }] },
      ApprovalSchema,
    );
  }
}
