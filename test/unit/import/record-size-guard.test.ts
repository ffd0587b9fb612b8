import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import { RecordSizeGuard, type CutRecord } from "../../../src/import/record-size-guard";

/** Writes `chunks` through a guard of `maxChars`; what it passed, and the records it cut. */
async function guarded(maxChars: number, chunks: string[]): Promise<{ text: string; cut: CutRecord[] }> {
  const guard = new RecordSizeGuard(maxChars);
  const passed: string[] = [];
  guard.on("data", (text: string) => passed.push(text));
  const ended = new Promise((resolve) => guard.on("end", resolve));
  for (const chunk of chunks) guard.write(chunk);
  guard.end();
  await ended;
  return { text: passed.join(""), cut: guard.cut };
}

/** `text` split every `size` characters, as a stream's chunks may split it anywhere. */
function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
  return chunks;
}

describe("RecordSizeGuard", () => {
  it("passes records up to the limit unchanged, quoted line breaks and escaped quotes included, however the text is split", async () => {
    const csv = 'id,note\r\n1,"two\nlines"\r\n2,"say ""hi"""\r\n3,plain\r\n';
    for (const size of [1, 2, 3, 7, csv.length]) {
      const { text, cut } = await guarded(20, chunksOf(csv, size));
      assert.equal(text, csv, `split every ${size}`);
      assert.deepEqual(cut, []);
    }
  });

  it("cuts a quoted field past the limit, closes it as a record and goes on with the next records", async () => {
    const long = `"${"x".repeat(30)}\n${"y".repeat(30)}\n${"z".repeat(30)}"`;
    const csv = `id,note\n1,short\n2,${long},after\n3,"next\none"\n`;
    for (const size of [1, 5, 16, csv.length]) {
      const { text, cut } = await guarded(20, chunksOf(csv, size));
      // The record keeps its first 20 characters, a closing quote and its line end.
      assert.equal(text, `id,note\n1,short\n2,"${"x".repeat(17)}"\n3,"next\none"\n`, `split every ${size}`);
      // The third record (after the header and 1), of 102 characters, two of its line breaks dropped with its end.
      assert.deepEqual(cut, [{ record: 2, chars: 102, droppedLineBreaks: 2 }], `split every ${size}`);
      assert.deepEqual(
        parse(text, { relax_column_count: true }).map((record: string[]) => record[0]),
        ["id", "1", "2", "3"],
      );
    }
  });

  it("keeps a CRLF file's line end and cuts an unquoted field too", async () => {
    const { text, cut } = await guarded(8, ["a,b\r\n1,", "x".repeat(50), ",2\r\n3,4\r\n"]);
    assert.equal(text, "a,b\r\n1,xxxxxx\r\n3,4\r\n");
    assert.deepEqual(cut, [{ record: 1, chars: 55, droppedLineBreaks: 0 }]);
  });

  it("passes no stray CR where a cut falls just after one", async () => {
    const { text, cut } = await guarded(3, ["a\nxx\ryy\nb\n"]);
    assert.equal(text, "a\nxx\nb\n");
    assert.deepEqual(cut, [{ record: 1, chars: 5, droppedLineBreaks: 0 }]);
  });

  it("closes a quoted field that never ends at the end of the file, with the records before it intact", async () => {
    const { text, cut } = await guarded(10, ['id,n\n1,ok\n2,"', ...chunksOf("never closed\n".repeat(20), 64)]);
    assert.equal(text, 'id,n\n1,ok\n2,"never c"');
    assert.deepEqual(cut, [{ record: 2, chars: 263, droppedLineBreaks: 20 }]);
    assert.deepEqual(parse(text, { relax_column_count: true }), [
      ["id", "n"],
      ["1", "ok"],
      ["2", "never c"],
    ]);
  });
});
