import { stringsFor, type Language, type RenewalDue } from "../domain";
import { buildNotice } from "./notice-cards";
import { RENEWAL_VERBS } from "./actions";
import type { AdaptiveCard } from "./render";

function moneyFor(language: Language, value: number, currency: string): string {
  return value.toLocaleString(language === "ja" ? "ja-JP" : "en-US", { style: "currency", currency, minimumFractionDigits: 0 });
}

/** The owner line is a Teams mention (`<at>…</at>`); the Teams layer adds the entity that resolves it. */
export function buildRenewalAlertCard(view: {
  language: Language;
  alertId: string;
  due: RenewalDue;
  /** Someone dismissed the alert or asked Procura about it: the card says who, and a dismissed one keeps no buttons. */
  outcome?: { kind: "dismissed" | "asked"; by: string };
}): AdaptiveCard {
  const labels = stringsFor(view.language).renewals;
  const { due, outcome } = view;
  const card = buildNotice({
    language: view.language,
    title: labels.alertTitle(due.daysLeft),
    color: due.daysLeft <= 14 ? "Attention" : "Warning",
    paragraphs: [
      labels.alertBody(due.endDate, due.noticeDeadline),
      ...(due.owner ? [`${labels.owner}: <at>${ownerMentionText(view.language, due)}</at>`] : []),
      ...(outcome ? [outcome.kind === "dismissed" ? labels.dismissedBy(outcome.by) : labels.askedBy(outcome.by)] : []),
    ],
    facts: [
      { title: labels.contract, value: `${due.contractId} ${due.title}` },
      { title: labels.supplier, value: due.supplierName },
      { title: labels.annualValue, value: moneyFor(view.language, due.annualValue, due.currency) },
      { title: labels.endDate, value: due.endDate },
      { title: labels.noticeDeadline, value: due.noticeDeadline },
      { title: labels.daysLeft, value: String(due.daysLeft) },
      { title: labels.priceCap, value: due.priceCapPct === null ? labels.noCap : `${due.priceCapPct}%` },
    ],
  });
  if (outcome?.kind === "dismissed") return card;
  const data = { alertId: view.alertId };
  return {
    ...card,
    actions: [
      { type: "Action.Execute", title: labels.askAction, verb: RENEWAL_VERBS.ask, data },
      { type: "Action.Execute", title: labels.dismissAction, verb: RENEWAL_VERBS.dismiss, data },
    ],
  };
}

export function ownerMentionText(language: Language, due: RenewalDue): string {
  return due.owner?.email ?? stringsFor(language).renewals.ownerUnnamed;
}

export function renewalQuestion(language: Language, due: RenewalDue): string {
  const labels = stringsFor(language).renewals;
  return labels.askQuestion({
    contract: `${due.contractId} (${due.title})`,
    supplier: due.supplierName,
    endDate: due.endDate,
    noticeDeadline: due.noticeDeadline,
    annualValue: moneyFor(language, due.annualValue, due.currency),
    priceCap: due.priceCapPct === null ? labels.noCap : `${due.priceCapPct}%`,
  });
}
