/** Writes a synthetic import directory of a given size: the bench's stand-in for a team's exports. */
import { cpSync, createReadStream, createWriteStream, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";
import ExcelJS from "exceljs";
import { Prng } from "../../src/tools/sample-data/prng";

const CATEGORIES = [
  "saas",
  "cloud",
  "logistics",
  "packaging",
  "raw-materials",
  "facilities",
  "marketing",
  "consulting",
  "telecom",
  "it-hardware",
];
const COST_CENTERS = Array.from({ length: 20 }, (_, i) => `CC-${1000 + i * 100} Unit ${i + 1}`);
const CLAUSES = [
  ["Term", "This agreement runs for three years from the start date."],
  ["Renewal", "It renews automatically for one year unless notice is given 90 days before the end date."],
  ["Price adjustment", "Prices may increase once a year by at most {cap}% against the published index."],
  ["Termination", "Either party may terminate for material breach with 30 days written notice."],
  ["Liability", "Liability is limited to the fees paid in the twelve months before the claim."],
  ["Payment", "Invoices are payable within 60 days of receipt."],
];
const POLICY_TOPICS = [
  "approval thresholds",
  "competitive quotes",
  "supplier onboarding",
  "sanctions screening",
  "contract renewal",
  "price increases",
  "sustainability",
  "ethics and gifts",
  "data protection",
  "payment terms",
];

/** Sizes of a generated directory. */
export interface GeneratedSize {
  spend: number;
  suppliers: number;
  contracts: number;
  policySections: number;
}

/** The bench's sizes: 10k contracts and 5k policy sections at a million rows, scaled down below. */
export function sizeFor(spendRows: number): GeneratedSize {
  return {
    spend: spendRows,
    suppliers: 500,
    contracts: Math.max(50, Math.round(spendRows / 100)),
    policySections: Math.max(50, Math.round(spendRows / 200)),
  };
}

export async function generateImportDirectory(directory: string, size: GeneratedSize, seed = 7): Promise<void> {
  const rng = new Prng(seed);
  mkdirSync(path.join(directory, "contracts"), { recursive: true });
  mkdirSync(path.join(directory, "policies"), { recursive: true });
  const suppliers = Array.from({ length: size.suppliers }, (_, i) => ({
    id: `S-${String(i + 1).padStart(4, "0")}`,
    name: `Supplier ${i + 1} ${rng.pick(["Trading", "Systems", "Logistics", "Materials", "Services"])} K.K.`,
    category: CATEGORIES[i % CATEGORIES.length],
  }));
  writeFileSync(
    path.join(directory, "suppliers.csv"),
    [
      "id,name,aliases,category,region,riskRating,certifications,onTimeDeliveryPct,qualityScore,incidentsLast12m,sanctionsFlag,preferred,since",
    ]
      .concat(
        suppliers.map(
          (s, i) =>
            `${s.id},${s.name},Vendor ${i + 1},${s.category},${rng.pick(["JP", "US", "EU", "APAC"])},${rng.pick(["low", "medium", "high"])},ISO 9001,${(90 + rng.between(0, 10)).toFixed(1)},${(3 + rng.between(0, 2)).toFixed(1)},${rng.int(0, 5)},N,${rng.chance(0.3) ? "Y" : "N"},2018-04-01`,
        ),
      )
      .join("\n"),
  );
  const contractLines = [
    "id,supplierId,title,category,annualValue,currency,startDate,endDate,autoRenew,noticeDays,priceCapPct,status,document",
  ];
  for (let i = 0; i < size.contracts; i++) {
    const supplier = suppliers[i % suppliers.length];
    const id = `C-${String(i + 1).padStart(5, "0")}`;
    const cap = rng.int(2, 8);
    const file = `contracts/${id}.md`;
    writeFileSync(
      path.join(directory, file),
      `# ${supplier.name} ${supplier.category} agreement ${i + 1}\n\n${CLAUSES.map(([heading, text], n) => `## ${n + 1}. ${heading}\n${text.replace("{cap}", String(cap))}\n`).join("\n")}`,
    );
    contractLines.push(
      `${id},${supplier.id},${supplier.category} services agreement ${i + 1},${supplier.category},${rng.int(1, 500) * 100000},JPY,2024-04-01,${2026 + (i % 3)}-03-31,${rng.chance(0.5) ? "Y" : "N"},90,${cap},,${file}`,
    );
  }
  writeFileSync(path.join(directory, "contracts.csv"), contractLines.join("\n"));
  const perPolicy = 10;
  for (let p = 0; p < Math.ceil(size.policySections / perPolicy); p++) {
    const topic = POLICY_TOPICS[p % POLICY_TOPICS.length];
    const sections = Array.from(
      { length: perPolicy },
      (_, s) =>
        `## ${s + 1}. ${topic} rule ${s + 1}\nPurchases above ¥${(s + 1) * 1_000_000} in ${CATEGORIES[(p + s) % CATEGORIES.length]} need ${s % 3 === 0 ? "three quotes" : "the category manager's approval"} under the ${topic} policy ${p + 1}.\n`,
    );
    writeFileSync(
      path.join(directory, "policies", `policy-${p + 1}.md`),
      `---\nkey: policy-${p + 1}\nlanguage: en\ntitle: ${topic} policy ${p + 1}\nversion: "1.0"\neffectiveDate: 2025-04-01\n---\n# ${topic}\n\n${sections.join("\n")}`,
    );
  }
  writeFileSync(
    path.join(directory, "benchmarks.csv"),
    [
      "category,unit,currency,p25,median,p75,typicalAnnualIncreasePct,source,asOf",
      ...CATEGORIES.map((c) => `${c},per unit,JPY,900,1000,1150,3,Bench index,2026-03-31`),
    ].join("\n"),
  );
  const out = createWriteStream(path.join(directory, "spend.csv"));
  out.write("id,date,supplierId,category,costCenter,amount,currency,poNumber,contractId\n");
  let buffer = "";
  for (let i = 0; i < size.spend; i++) {
    const index = rng.int(0, suppliers.length - 1);
    const supplier = suppliers[index];
    const month = rng.int(0, 35);
    const year = 2023 + Math.floor((month + 3) / 12);
    const date = `${year}-${String(((month + 3) % 12) + 1).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`;
    // A supplier bills in one currency and serves two cost centers, mostly its first: real spend cubes are sparse.
    const usd = index % 10 === 9;
    const costCenter = COST_CENTERS[(index + (rng.chance(0.7) ? 0 : 1)) % COST_CENTERS.length];
    const amount = usd ? (rng.int(100, 50_000) + rng.int(0, 99) / 100).toFixed(2) : String(rng.int(10_000, 5_000_000));
    buffer += `T-${i + 1},${date},${supplier.id},${supplier.category},${costCenter},${amount},${usd ? "USD" : "JPY"},PO-${i + 1},${rng.chance(0.7) ? `C-${String((i % size.contracts) + 1).padStart(5, "0")}` : ""}\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, "drain");
      buffer = "";
    }
  }
  out.end(buffer);
  await once(out, "close");
}

/**
 * The same import directory with spend as a workbook: `spend.csv` written row for row as
 * `workbook/spend.xlsx` (ids and names as shared strings, dates as date cells, amounts as numbers, as
 * Excel saves them), and every other file copied from the CSV directory (the import refuses links
 * that lead out of its folder).
 */
export async function writeWorkbookVariant(directory: string): Promise<string> {
  const variant = path.join(directory, "workbook");
  mkdirSync(variant, { recursive: true });
  for (const name of readdirSync(directory))
    if (name !== "spend.csv" && name !== "workbook") cpSync(path.join(directory, name), path.join(variant, name), { recursive: true });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path.join(variant, "spend.xlsx"),
    useSharedStrings: true,
    useStyles: true,
  });
  const sheet = book.addWorksheet("Spend");
  const lines = createInterface({ input: createReadStream(path.join(directory, "spend.csv")) });
  let header: string[] | undefined;
  for await (const line of lines) {
    if (line === "") continue;
    const values = line.split(",");
    if (header === undefined) {
      header = values;
      sheet.addRow(values).commit();
      continue;
    }
    const [id, date, supplierId, category, costCenter, amount, currency, poNumber, contractId] = values;
    const row = sheet.addRow([
      id,
      new Date(`${date}T00:00:00Z`),
      supplierId,
      category,
      costCenter,
      Number(amount),
      currency,
      poNumber,
      contractId,
    ]);
    row.getCell(2).numFmt = "yyyy-mm-dd";
    row.commit();
  }
  sheet.commit();
  await book.commit();
  return variant;
}
