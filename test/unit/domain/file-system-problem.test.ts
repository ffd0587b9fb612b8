import assert from "node:assert/strict";
import { failureReport, fileSystemProblem } from "../../../src/domain";

/** An error as node:fs raises it. */
function fsError(code: string, syscall: string, file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: failed, ${syscall} '${file}'`), { code, errno: -13, syscall, path: file });
}

describe("a file-system error is one line with the path and what to do", () => {
  it("a read-only data folder names the file (not its temporary name) and the way out", () => {
    const error = fsError("EACCES", "open", "/home/ana/procura/.procura/data/suppliers.json.954.tmp");
    assert.equal(
      failureReport(error, false),
      "/home/ana/procura/.procura/data/suppliers.json: permission denied: give this user access to it, or choose another folder (PROCURA_DATA_DIR for the data folder) (EACCES)",
    );
  });

  it("a full disk says so", () => {
    assert.equal(
      fileSystemProblem(fsError("ENOSPC", "write", "/d/spend.ndjson")),
      "/d/spend.ndjson: the disk is full: free some space, then run it again (ENOSPC)",
    );
  });

  it("any other error is left to describeError", () => {
    assert.equal(fileSystemProblem(new Error("boom")), undefined);
    assert.equal(fileSystemProblem(Object.assign(new Error("x"), { code: "ECONNREFUSED" })), undefined);
  });
});
