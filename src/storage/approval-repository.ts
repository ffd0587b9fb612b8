import type { Container, SqlParameter } from "@azure/cosmos";
import { z } from "zod";
import { ApprovalSchema, type Approval, type DecidedApprovalsFilter } from "../domain";
import type { Versioned } from "../workflow/ports";
import { queryDocuments } from "./documents";
import { IdKeyedDocuments } from "./id-keyed-documents";

const StoredApprovalSchema = ApprovalSchema.extend({ _etag: z.string() });
const PENDING: SqlParameter = { name: "@pending", value: "pending" };

/**
 * Approvals in the `approvals` container (partition key `/id`), never deleted: they are also the approval history. Every decision is an
 * etag-conditional replace, so two approvers clicking at once produce exactly one winner.
 */
export class CosmosApprovalRepository extends IdKeyedDocuments<typeof ApprovalSchema> {
  constructor(
    container: Container,
    private readonly settings: { remindAfterMs: number },
  ) {
    super(container, ApprovalSchema, "approval");
  }

  private async versioned(query: string, parameters: SqlParameter[]): Promise<Versioned<Approval>[]> {
    const stored = await queryDocuments(this.container, { query, parameters }, StoredApprovalSchema);
    return stored.map(({ _etag: etag, ...value }) => ({ value, etag }));
  }

  /** Every approval still waiting for a decision, oldest first. */
  listPending(): Promise<Versioned<Approval>[]> {
    return this.versioned("SELECT * FROM c WHERE c.status = @pending ORDER BY c.createdAt", [PENDING]);
  }

  /** Pending approvals due for expiry (past `expiresAt`) or for their one reminder, oldest first. */
  listDue(now: Date): Promise<Versioned<Approval>[]> {
    return this.versioned(
      "SELECT * FROM c WHERE c.status = @pending AND (c.expiresAt <= @now OR (NOT IS_DEFINED(c.remindedAt) AND c.createdAt <= @remindBefore)) ORDER BY c.createdAt",
      [
        PENDING,
        { name: "@now", value: now.toISOString() },
        { name: "@remindBefore", value: new Date(now.getTime() - this.settings.remindAfterMs).toISOString() },
      ],
    );
  }

  /**
   * Settled approvals whose outcome was never shown, decided (else expired) before `settledBefore`, oldest first.
   * A recent one is left alone so the live delivery right after a decision is not raced.
   */
  listOutcomeNotShown(settledBefore: Date): Promise<Versioned<Approval>[]> {
    return this.versioned(
      [
        "SELECT * FROM c WHERE c.status != @pending AND NOT IS_DEFINED(c.outcomeShownAt) AND (",
        "(IS_DEFINED(c.decision) AND c.decision.at <= @before) OR (NOT IS_DEFINED(c.decision) AND c.expiresAt <= @before)",
        ") ORDER BY c.createdAt",
      ].join(" "),
      [PENDING, { name: "@before", value: settledBefore.toISOString() }],
    );
  }

  /** Every approval created at or after `since` (all without it), oldest first. */
  listCreatedSince(since?: string): Promise<Approval[]> {
    // Every ISO time is >= "".
    const query = "SELECT * FROM c WHERE c.createdAt >= @since ORDER BY c.createdAt";
    return queryDocuments(this.container, { query, parameters: [{ name: "@since", value: since ?? "" }] }, ApprovalSchema);
  }

  /**
   * One page of decided approvals, newest decision first. The filter is applied by the store; the page with TOP (offset + limit), because
   * the embedded server has no OFFSET, so page n reads the n pages before it too (history cards stop at MAX_HISTORY_PAGE).
   */
  async listDecided(filter: DecidedApprovalsFilter): Promise<Approval[]> {
    const parameters: SqlParameter[] = [
      { name: "@since", value: filter.decidedSince },
      { name: "@top", value: filter.offset + filter.limit },
    ];
    let supplierClause = "";
    if (filter.supplier !== undefined) {
      parameters.push({ name: "@supplier", value: filter.supplier.toLowerCase() });
      supplierClause = " AND (CONTAINS(LOWER(c.question), @supplier) OR CONTAINS(LOWER(c.decision.after), @supplier))";
    }
    const query = `SELECT TOP @top * FROM c WHERE IS_DEFINED(c.decision) AND c.decision.at >= @since${supplierClause} ORDER BY c.decision.at DESC`;
    return (await queryDocuments(this.container, { query, parameters }, ApprovalSchema)).slice(filter.offset);
  }
}
