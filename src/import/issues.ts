export interface RowIssue {
  file: string;
  line: number;
  column: string;
  reason: string;
}

export const DEFAULT_ISSUE_LIMIT = 20;

export class FileIssues {
  readonly shown: RowIssue[] = [];
  total = 0;
  badRows = 0;

  /** `file`: what each issue is prefixed with ("spend.csv", "spend.xlsx:Invoices" once the sheet is known). */
  constructor(
    public file: string,
    private readonly limit = DEFAULT_ISSUE_LIMIT,
  ) {}

  addRow(line: number, problems: readonly { column: string; reason: string }[]): void {
    if (problems.length === 0) return;
    this.badRows += 1;
    for (const problem of problems) this.add({ file: this.file, line, ...problem });
  }

  /** An issue of the whole file (line 1 is its header). */
  add(issue: RowIssue): void {
    this.total += 1;
    if (this.shown.length < this.limit) this.shown.push(issue);
  }

  lines(): string[] {
    const lines = this.shown.map((issue) => `${issue.file}:${issue.line}: ${issue.column}: ${issue.reason}`);
    const more = this.total - this.shown.length;
    if (more > 0) lines.push(`${this.file}: … and ${more.toLocaleString("en-US")} more ${more === 1 ? "issue" : "issues"}`);
    return lines;
  }
}
