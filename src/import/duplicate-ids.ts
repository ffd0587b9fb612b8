import type { FieldReader } from "./fields";

/** The ids a file has used so far, with the line each was first on: a later row with the same id fails. */
export class DuplicateIds {
  private readonly firstLine = new Map<string, number>();

  check(f: FieldReader, id: string, line: number, column = "id"): void {
    if (id === "") return;
    const first = this.firstLine.get(id);
    if (first !== undefined) f.fail(column, `duplicate id ${JSON.stringify(id)} (first on line ${first})`);
    else this.firstLine.set(id, line);
  }
}
