import type { Language } from "./language";
import { stringsFor } from "./strings";

/** Words people type for spend categories (ids come from the data); a category missing here is still matched by its id. */
export const CATEGORY_TERMS: Readonly<Record<string, readonly string[]>> = {
  saas: ["saas", "software", "subscription", "license", "licence", "ソフトウェア", "ソフト", "サブスク", "ライセンス", "SaaS"],
  cloud: ["cloud", "iaas", "paas", "hosting", "クラウド", "ホスティング"],
  "it-hardware": "hardware laptop laptops pc pcs server servers ハードウェア パソコン サーバー IT機器 端末".split(" "),
  logistics: "logistics shipping freight transport transportation courier 物流 配送 運送 輸送 ロジスティクス".split(" "),
  facilities: ["facilities", "facility", "cleaning", "building maintenance", "施設", "設備", "清掃", "ビル管理", "ファシリティ"],
  "office-supplies": ["office supplies", "stationery", "事務用品", "文房具", "オフィス用品"],
  marketing: ["marketing", "advertising", "advertisement", "ads", "agency", "マーケティング", "広告", "販促"],
  consulting: ["consulting", "consultancy", "consultant", "consultants", "advisory", "コンサル", "コンサルティング"],
  legal: ["legal", "law firm", "lawyer", "lawyers", "outside counsel", "法務", "弁護士", "法律事務所"],
  travel: ["travel", "hotel", "hotels", "flight", "flights", "出張", "旅費", "航空券", "ホテル"],
  "raw-materials": ["raw materials", "raw material", "steel", "resin", "原材料", "材料", "素材"],
  packaging: ["packaging", "cardboard", "boxes", "梱包", "包装", "段ボール"],
  "electronic-components": ["electronic components", "components", "semiconductors", "chips", "電子部品", "半導体", "部品"],
  energy: ["energy", "electricity", "power", "utilities", "電力", "エネルギー", "電気"],
  telecom: ["telecom", "telecommunications", "mobile", "network", "通信", "携帯", "回線"],
  "hr-services": ["staffing", "recruiting", "temp staff", "人材派遣", "派遣", "採用"],
};

/** Words that mean a category only where one is expected (a tool argument): too broad for the offline engine to spot anywhere ("security", "media"). */
export const CATEGORY_ARGUMENT_TERMS: Readonly<Record<string, readonly string[]>> = {
  cloud: ["compute"],
  "it-hardware": ["it hardware", "device"],
  telecom: ["telecommunication"],
  logistics: ["delivery"],
  facilities: ["security", "building", "警備", "設備管理"],
  "office-supplies": ["office supply"],
  marketing: ["media"],
  travel: ["旅行"],
  "raw-materials": ["metal", "原料", "樹脂", "鋼材"],
  packaging: ["carton", "パッケージ"],
  "electronic-components": ["electronics", "component", "semiconductor", "chip", "mcu"],
};

export function isCategoryId(word: string): boolean {
  return Object.hasOwn(CATEGORY_TERMS, word);
}

/** Japanese: the data set's name, else the table's first Japanese term, else the id marked as a category (never a bare id). English: the id as words. */
export function categoryLabel(id: string, language: Language, nameJa?: string | null): string {
  const named = language === "ja" ? nameJa || CATEGORY_TERMS[id]?.find((term) => /[\u3040-\u30ff\u3400-\u9fff]/.test(term)) : undefined;
  return named ?? stringsFor(language).unnamedCategory(id);
}

/** The Japanese names a data set gives its categories, by category id (the first supplier naming one wins). */
export function categoryNamesJa(suppliers: readonly { category: string; categoryNameJa?: string }[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const { category, categoryNameJa } of suppliers) if (categoryNameJa && !names.has(category)) names.set(category, categoryNameJa);
  return names;
}
