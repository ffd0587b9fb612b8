export const DEFAULT_ISSUE_LIMIT = 20;

/** Up to `limit` issues as printed ("spend.csv:12: amount: not a number"), and how many there were. */
export class FileIssues {
  readonly shown: string[] = [];
  total = 0;
  badRows = 0;
  /** No row of the file could be read (it could not be opened, or a column is missing): skipping bad rows cannot help. */
  refused = false;

  /** `file`: what each issue is prefixed with ("spend.csv", "spend.xlsx:Invoices" once the sheet is known). */
  constructor(
    public file: string,
    private readonly limit = DEFAULT_ISSUE_LIMIT,
  ) {}

  addRow(line: number, problems: readonly { column: string; reason: string }[]): void {
    if (problems.length === 0) return;
    this.badRows += 1;
    for (const problem of problems) this.add(line, problem.column, problem.reason);
  }

  /** One issue, on line 1 when it is the header's or the file's own; `file` names a file other than this one. */
  add(line: number, column: string, reason: string, file = this.file): void {
    this.total += 1;
    if (this.shown.length < this.limit) this.shown.push(`${file}:${line}: ${column}: ${reason}`);
  }

  /** An issue that stops the file being read: it is rejected even when bad rows are skipped. */
  refuse(line: number, column: string, reason: string): void {
    this.refused = true;
    this.add(line, column, reason);
  }

  /** Another file's issues, as this one's. */
  take(other: FileIssues): void {
    this.shown.push(...other.shown.slice(0, this.limit - this.shown.length));
    this.total += other.total;
  }

  lines(): string[] {
    const more = this.total - this.shown.length;
    if (more === 0) return this.shown;
    return [...this.shown, `${this.file}: … and ${more.toLocaleString("en-US")} more ${more === 1 ? "issue" : "issues"}`];
  }
}
