import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import iconv from "iconv-lite";
import { MappingSchema } from "../../../src/import/mapping";
import { detectEncoding } from "../../../src/import/text-encoding";
import { LocalDataStore } from "../../../src/storage/local-data-store";
import { importFixture, temporaryDataDirectory } from "./import-fixture";

const SUPPLIERS = [
  "id,name,category,region",
  "JP-1,山田運輸株式会社,logistics,JP",
  "JP-2,㈱東京クラウド①,cloud,JP",
  "JP-3,Northwind Freight K.K.,logistics,JP",
].join("\r\n");

/** A directory holding one file with the given bytes. */
function directoryWith(name: string, bytes: Buffer): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), "procura-encoding-"));
  writeFileSync(path.join(directory, name), bytes);
  return directory;
}

async function importSuppliers(directory: string, options: Parameters<typeof importFixture>[2] = {}) {
  const store = new LocalDataStore(temporaryDataDirectory());
  const result = await importFixture(store, "acme", { directory, ...options });
  const outcome = result.outcomes.find((o) => o.kind === "suppliers")!;
  return { outcome, suppliers: await store.load("suppliers") };
}

describe("import encodings", () => {
  it("reads a Shift_JIS CSV as Excel in Japan saves it (CP932, with ㈱ and ①) and names the encoding", async () => {
    const directory = directoryWith("suppliers.csv", iconv.encode(SUPPLIERS, "cp932"));
    const { outcome, suppliers } = await importSuppliers(directory);
    assert.equal(outcome.status, "imported");
    assert.equal(outcome.format, "Shift_JIS");
    assert.deepEqual(
      suppliers.map((s) => s.name),
      ["山田運輸株式会社", "㈱東京クラウド①", "Northwind Freight K.K."],
    );
  });

  it('reads Excel\'s tab-separated UTF-16 "Unicode text", little- and big-endian, by its byte order mark', async () => {
    for (const [codec, label] of [
      ["utf16le", "UTF-16LE"],
      ["utf16be", "UTF-16BE"],
    ] as const) {
      const text = SUPPLIERS.replace(/,/g, "\t");
      const directory = directoryWith("suppliers.csv", iconv.encode(text, codec, { addBOM: true }));
      const { outcome, suppliers } = await importSuppliers(directory);
      assert.equal(outcome.format, label);
      assert.deepEqual(
        suppliers.map((s) => [s.id, s.name, s.category]),
        [
          ["JP-1", "山田運輸株式会社", "logistics"],
          ["JP-2", "㈱東京クラウド①", "cloud"],
          ["JP-3", "Northwind Freight K.K.", "logistics"],
        ],
      );
    }
  });

  it("tells UTF-8 with and without a byte order mark apart from Shift_JIS, also when the first Japanese text is far into the file", async () => {
    const padding = Array.from({ length: 40_000 }, (_, i) => `ASCII-${i},Plain supplier ${i},logistics,US`).join("\n");
    const late = `id,name,category,region\n${padding}\nJP-9,山田運輸,logistics,JP\n`;
    assert.deepEqual(await detectEncoding(path.join(directoryWith("a.csv", Buffer.from(late, "utf8")), "a.csv")), {
      encoding: "utf-8",
      bom: false,
      declared: false,
    });
    assert.equal((await detectEncoding(path.join(directoryWith("a.csv", iconv.encode(late, "cp932")), "a.csv"))).encoding, "shift_jis");
    const bom = await detectEncoding(path.join(directoryWith("a.csv", iconv.encode(SUPPLIERS, "utf8", { addBOM: true })), "a.csv"));
    assert.deepEqual(bom, { encoding: "utf-8", bom: true, declared: false });
    const { outcome, suppliers } = await importSuppliers(directoryWith("suppliers.csv", iconv.encode(SUPPLIERS, "utf8", { addBOM: true })));
    assert.equal(outcome.format, "UTF-8 with BOM");
    assert.equal(suppliers[0].id, "JP-1", "the byte order mark is not part of the first header");
  });

  it("reports bytes that are not valid in the file's encoding as file:line issues, never as replacement characters", async () => {
    const good = Buffer.from("id,name,category\nOK-1,Good supplier,logistics\n", "utf8");
    const bad = Buffer.concat([
      Buffer.from("BAD-1,Broken ", "utf8"),
      Buffer.from([0xff, 0xfe, 0x41]),
      Buffer.from(" name,logistics\nOK-2,Also good,cloud\n"),
    ]);
    const directory = directoryWith("suppliers.csv", Buffer.concat([good, bad]));
    const { outcome, suppliers } = await importSuppliers(directory);
    assert.equal(outcome.status, "rejected");
    assert.deepEqual(outcome.issues.lines(), [
      "suppliers.csv:3: name: bytes not valid in UTF-8 (set the file's encoding in the mapping, or pass --encoding)",
    ]);
    assert.deepEqual(suppliers, []);
    const skipped = await importSuppliers(directory, { skipInvalid: true });
    assert.deepEqual(
      skipped.suppliers.map((s) => s.name),
      ["Good supplier", "Also good"],
    );
    assert.ok(!skipped.suppliers.some((s) => s.name.includes("\uFFFD")));
  });

  it("reads the encoding the mapping or --encoding declares over the detected one, and reports what does not fit it", async () => {
    const directory = directoryWith("suppliers.csv", iconv.encode(SUPPLIERS, "cp932"));
    const declaredUtf8 = await importSuppliers(directory, { mapping: MappingSchema.parse({ encoding: { suppliers: "utf-8" } }) });
    assert.equal(declaredUtf8.outcome.format, "UTF-8 (declared)");
    assert.equal(declaredUtf8.outcome.status, "rejected");
    assert.match(declaredUtf8.outcome.issues.lines()[0], /^suppliers\.csv:2: name: bytes not valid in UTF-8/);
    const declaredSjis = await importSuppliers(directory, { mapping: MappingSchema.parse({ encoding: "utf-8" }), encoding: "shift_jis" });
    assert.equal(declaredSjis.outcome.format, "Shift_JIS (declared)");
    assert.equal(declaredSjis.suppliers[1].name, "㈱東京クラウド①");
    assert.deepEqual(MappingSchema.parse({ encoding: "CP932" }).encoding, "shift_jis");
    assert.throws(() => MappingSchema.parse({ encoding: "latin-9" }), /unknown encoding \\"latin-9\\"/);
  });
});
