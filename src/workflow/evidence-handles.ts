import type { Finding, OkFinding, QuotedEvidence, ShownFinding, ShownOkFinding, ToolMessageContent, WrittenEvidence } from "../domain";

const HANDLE = /^E[1-9][0-9]*$/;

/**
 * Short handles ("E1", "E2", …) for the references one model conversation is shown, in order of first appearance: output
 * tokens are on the critical path, input tokens cheap, so the id stays visible beside its handle. The numbering follows from
 * the content alone (a re-run on another instance renders the same); nothing is stored, as handles are resolved before output is kept.
 */
export class EvidenceHandles {
  private readonly handleOf = new Map<string, string>();
  private readonly referenceOf = new Map<string, string>();

  show<T extends { referenceId: string }>(items: readonly T[]): (T & { ref: string })[] {
    return items.map((item) => ({ ref: this.handle(item.referenceId), ...item }));
  }

  showToolContent(content: ToolMessageContent): ToolMessageContent {
    return { ...content, evidence: this.show(content.evidence) };
  }

  showFindings(findings: readonly OkFinding[]): ShownOkFinding[];
  showFindings(findings: readonly Finding[]): ShownFinding[];
  showFindings(findings: readonly Finding[]): ShownFinding[] {
    return findings.map((finding) => (finding.status === "ok" ? { ...finding, evidence: this.show(finding.evidence) } : finding));
  }

  /**
   * A handle's reference; nothing for a handle never shown (a model's slip); any other string as written, since a model may
   * write out an id it read beside a handle (checked against what the tools returned before it is kept).
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

  /** Distinct cited strings `resolveShown` drops. */
  countUnshown(cited: readonly string[]): number {
    return new Set(cited.map((item) => item.trim()).filter((item) => this.resolveShown([item]).length === 0)).size;
  }

  /** A specialist's citations with handles resolved (those never shown dropped), ready for `linkEvidence`. */
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
