import type { Container } from "@azure/cosmos";
import { z } from "zod";
import { ApprovalSchema, type Approval } from "../domain";
import type { Versioned } from "../workflow/ports";
import { queryDocuments } from "./documents";
import { IdKeyedDocuments } from "./id-keyed-documents";

const StoredApprovalSchema = ApprovalSchema.extend({ _etag: z.string() });

function versioned(stored: z.output<typeof StoredApprovalSchema>): Versioned<Approval> {
  const { _etag: etag, ...value } = stored;
  return { value, etag };
}

/**
 * Approvals in the `approvals` container (partition key `/id`). Every decision is an
 * etag-conditional replace, so two approvers clicking at once produce exactly one winner.
 */
export class CosmosApprovalRepository extends IdKeyedDocuments<typeof ApprovalSchema> {
  constructor(
    container: Container,
    private readonly settings: { remindAfterMs: number },
  ) {
    super(container, ApprovalSchema, "approval");
  }

  /** Every approval still waiting for a decision, oldest first. */
  async listPending(): Promise<Versioned<Approval>[]> {
    const stored = await queryDocuments(
      this.container,
      { query: "SELECT * FROM c WHERE c.status = @pending ORDER BY c.createdAt", parameters: [{ name: "@pending", value: "pending" }] },
      StoredApprovalSchema,
    );
    return stored.map(versioned);
  }

  /** Pending approvals due for expiry (past `expiresAt`) or for their one reminder, oldest first. */
  async listDue(now: Date): Promise<Versioned<Approval>[]> {
    const remindBefore = new Date(now.getTime() - this.settings.remindAfterMs).toISOString();
    const stored = await queryDocuments(
      this.container,
      {
        query:
          "SELECT * FROM c WHERE c.status = @pending AND (c.expiresAt <= @now OR (NOT IS_DEFINED(c.remindedAt) AND c.createdAt <= @remindBefore)) ORDER BY c.createdAt",
        parameters: [
          { name: "@pending", value: "pending" },
          { name: "@now", value: now.toISOString() },
          { name: "@remindBefore", value: remindBefore },
        ],
      },
      StoredApprovalSchema,
    );
    return stored.map(versioned);
  }

  /**
   * Settled approvals whose outcome was never shown, decided (else expired) before `settledBefore`, oldest first.
   * A recent one is left alone so the live delivery right after a decision is not raced.
   */
  async listOutcomeNotShown(settledBefore: Date): Promise<Versioned<Approval>[]> {
    const stored = await queryDocuments(
      this.container,
      {
        query: [
          "SELECT * FROM c WHERE c.status != @pending AND NOT IS_DEFINED(c.outcomeShownAt) AND (",
          "(IS_DEFINED(c.decision) AND c.decision.at <= @before) OR (NOT IS_DEFINED(c.decision) AND c.expiresAt <= @before)",
          ") ORDER BY c.createdAt",
        ].join(" "),
        parameters: [
          { name: "@pending", value: "pending" },
          { name: "@before", value: settledBefore.toISOString() },
        ],
      },
      StoredApprovalSchema,
    );
    return stored.map(versioned);
  }
}
