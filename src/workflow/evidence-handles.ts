import type { Finding, OkFinding, QuotedEvidence, ShownFinding, ShownOkFinding, ToolMessageContent, WrittenEvidence } from "../domain";

/** What a handle looks like: "E" and a number from 1 (what `EvidenceHandles` gives out). */
const HANDLE = /^E[1-9][0-9]*$/;

/**
 * The evidence handles of one model conversation: every distinct reference the model is shown gets
 * a short handle ("E1", "E2", …) in the order it first appears, and the model cites records by them
 * (output tokens are on the critical path; input tokens are cheap, so the reference id stays visible
 * beside the handle). The numbering follows from the conversation's content alone, so a step re-run
 * on another instance renders the same handles; nothing about them is stored, because every handle a
 * model writes is resolved back to its reference id before its output is kept.
 */
export class EvidenceHandles {
  private readonly handleOf = new Map<string, string>();
  private readonly referenceOf = new Map<string, string>();

  /** The records with their handles beside them, numbering references not shown before. */
  show<T extends { referenceId: string }>(items: readonly T[]): (T & { ref: string })[] {
    return items.map((item) => ({ ref: this.handle(item.referenceId), ...item }));
  }

  /** A tool message's content as the model reads it: each record beside its handle. */
  showToolContent(content: ToolMessageContent): ToolMessageContent {
    return { ...content, evidence: this.show(content.evidence) };
  }

  /** Findings as the model reads them: each cited record beside its handle (a failed finding cites none). */
  showFindings(findings: readonly OkFinding[]): ShownOkFinding[];
  showFindings(findings: readonly Finding[]): ShownFinding[];
  showFindings(findings: readonly Finding[]): ShownFinding[] {
    return findings.map((finding) => (finding.status === "ok" ? { ...finding, evidence: this.show(finding.evidence) } : finding));
  }

  /**
   * The reference a cited string stands for: a handle's reference; nothing for a handle this
   * conversation never showed (a model's slip, dropped like a reference no tool returned); any other
   * string as written, since a model may still write out a reference id it read beside a handle
   * (checked against what the tools returned before it is kept).
   */
  resolve(cited: string): string | undefined {
    const written = cited.trim();
    return this.referenceOf.get(written) ?? (HANDLE.test(written) ? undefined : written);
  }

  /** The references the cited strings stand for that this conversation showed (by handle or by id), in order, once each. */
  resolveShown(cited: readonly string[]): string[] {
    const shown = cited.flatMap((item) => {
      const reference = this.resolve(item);
      return reference !== undefined && this.handleOf.has(reference) ? [reference] : [];
    });
    return [...new Set(shown)];
  }

  /** How many distinct cited strings stand for no reference this conversation showed (dropped by `resolveShown`). */
  countUnshown(cited: readonly string[]): number {
    return new Set(cited.map((item) => item.trim()).filter((item) => this.resolveShown([item]).length === 0)).size;
  }

  /**
   * A specialist's citations with references for handles: the handles of `evidence` and each quote's
   * `ref` resolved (handles never shown are dropped), ready for `linkEvidence`.
   */
  resolveCitations(written: { evidence: readonly string[]; quotes: readonly QuotedEvidence[] }): {
    evidence: string[];
    quotes: WrittenEvidence[];
  } {
    return {
      evidence: written.evidence.flatMap((cited) => this.resolve(cited) ?? []),
      quotes: written.quotes.flatMap(({ ref, source, quote }) => {
        const referenceId = this.resolve(ref);
        return referenceId === undefined ? [] : [{ source, referenceId, quote }];
      }),
    };
  }

  private handle(referenceId: string): string {
    let handle = this.handleOf.get(referenceId);
    if (handle === undefined) {
      handle = `E${this.handleOf.size + 1}`;
      this.handleOf.set(referenceId, handle);
      this.referenceOf.set(handle, referenceId);
    }
    return handle;
  }
}
