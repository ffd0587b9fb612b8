import type { Container, SqlParameter } from "@azure/cosmos";
import { ApprovalSchema, type Approval, type DecidedApprovalsFilter } from "../domain";
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

  /**
   * One page of decided approvals, newest decision first. The filter is applied by the store; the page with TOP (offset + limit), because
   * the embedded server has no OFFSET, so page n reads the n pages before it too (history cards stop at MAX_HISTORY_PAGE).
   */
  listDecided(filter: DecidedApprovalsFilter): Promise<Approval[]> {
    const parameters: SqlParameter[] = [
      { name: "@since", value: filter.decidedSince },
      { name: "@top", value: filter.offset + filter.limit },
    ];
    let supplierClause = "";
    if (filter.supplier !== undefined) {
      parameters.push({ name: "@supplier", value: filter.supplier.toLowerCase() });
      supplierClause = " AND (CONTAINS(LOWER(c.question), @supplier) OR CONTAINS(LOWER(c.decision.after), @supplier))";
    }
    return queryDocuments(
      this.container,
      {
        query: `SELECT TOP @top * FROM c WHERE IS_DEFINED(c.decision) AND c.decision.at >= @since${supplierClause} ORDER BY c.decision.at DESC`,
        parameters,
      },
      ApprovalSchema,
    ).then((approvals) => approvals.slice(filter.offset));
  }
}
