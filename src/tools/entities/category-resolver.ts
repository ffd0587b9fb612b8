import { normalise } from "../text/search-text";

/** Words people use for each spend category, in English and Japanese (the ids are words too). */
const CATEGORY_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  saas: ["saas", "software", "subscription", "license", "licence", "ソフトウェア", "サブスク", "ライセンス"],
  cloud: ["cloud", "iaas", "hosting", "compute", "クラウド", "ホスティング"],
  "it-hardware": ["it hardware", "hardware", "laptop", "server", "device", "pc", "it機器", "ハードウェア", "パソコン", "サーバー"],
  telecom: ["telecom", "telecommunication", "network", "mobile", "通信", "回線", "携帯"],
  logistics: ["logistics", "freight", "shipping", "transport", "delivery", "物流", "運送", "配送", "輸送"],
  facilities: ["facilities", "facility", "cleaning", "security", "building", "ファシリティ", "清掃", "警備", "施設", "設備管理"],
  "office-supplies": ["office supplies", "office supply", "stationery", "事務用品", "文房具", "オフィス用品"],
  marketing: ["marketing", "advertising", "agency", "media", "マーケティング", "広告", "販促"],
  consulting: ["consulting", "consultant", "advisory", "コンサルティング", "コンサル"],
  legal: ["legal", "law firm", "lawyer", "法律事務所", "弁護士", "法務"],
  travel: ["travel", "flight", "hotel", "出張", "旅費", "旅行"],
  "raw-materials": ["raw materials", "raw material", "resin", "steel", "metal", "原材料", "原料", "樹脂", "鋼材"],
  packaging: ["packaging", "carton", "cardboard", "包装", "梱包", "段ボール", "パッケージ"],
  "electronic-components": ["electronic components", "electronics", "component", "semiconductor", "chip", "mcu", "電子部品", "半導体"],
};

/**
 * The category id meant by a user's or model's word ("SaaS", "raw materials", "物流", "it-hardware"),
 * among the ids that exist in the data, also by the Japanese name the data gives it (`namesJa`);
 * undefined when none fits.
 */
export function resolveCategory(
  text: string,
  known: readonly string[],
  namesJa: ReadonlyMap<string, string> = new Map(),
): string | undefined {
  const wanted = normalise(text).replace(/[_\s]+/g, " ");
  const exact = known.find((id) => id === wanted.replace(/ /g, "-") || id.replace(/-/g, " ") === wanted);
  if (exact) return exact;
  const candidates = known.flatMap((id) =>
    [
      ...(CATEGORY_SYNONYMS[id] ?? [id.replace(/-/g, " ")]),
      ...[namesJa.get(id)].filter((name) => name !== undefined).map((name) => normalise(name)),
    ].map((word) => ({
      id,
      word,
    })),
  );
  const synonym = candidates.find(({ word }) => word === wanted);
  if (synonym) return synonym.id;
  return candidates.filter(({ word }) => wanted.includes(word)).sort((a, b) => b.word.length - a.word.length)[0]?.id;
}
