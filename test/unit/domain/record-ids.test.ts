import assert from "node:assert/strict";
import { recordIdIndex, recordOfReference } from "../../../src/domain";

describe("record ids in a text, recognised by lookup", () => {
  const ids = recordIdIndex(["CTR-0001", "NWC-2", "AGR/2024/17", "PO_7001", "契約-0042", "K-2025/017"]);

  it("finds ids of any format the data set holds, as the data set spells them, and nothing else", () => {
    const named = ids.in("Compare CTR-0001 §4 with nwc-2, agr/2024/17 and PO_7001 for Q3, 30k yen and CTR-0002");
    assert.deepEqual(
      named.map(({ id, surface }) => [id, surface]),
      [
        ["CTR-0001", "CTR-0001"],
        ["NWC-2", "nwc-2"],
        ["AGR/2024/17", "agr/2024/17"],
        ["PO_7001", "PO_7001"],
      ],
    );
  });

  it("finds ids with no Latin letter or inside Japanese text, with their positions", () => {
    const text = "契約-0042の解約条件とK-2025/017は？";
    assert.deepEqual(ids.in(text), [
      { id: "契約-0042", at: 0, surface: "契約-0042" },
      { id: "K-2025/017", at: text.indexOf("K-"), surface: "K-2025/017" },
    ]);
    assert.deepEqual(
      ids.in("And ｋ－２０２５／０１７?").map((named) => named.id),
      ["K-2025/017"],
    );
  });

  it("reads no id out of a longer word or number", () => {
    assert.deepEqual(ids.in("XCTR-0001, CTR-00012 and NWC-23"), []);
  });

  it("finds no id the data set lacks, whatever its shape", () => {
    assert.deepEqual(ids.in("K-2025/018, CTR-0002 and 契約-0043"), []);
  });

  it("reads the record a section reference cites", () => {
    assert.equal(recordOfReference("契約-0042 §2"), "契約-0042");
    assert.equal(recordOfReference("K-2025/017"), "K-2025/017");
  });
});
