import type { Contract, RenewalDue } from "../domain";
import { addDays, daysBetween } from "./iso-date";
import type { ProcurementData } from "./procurement-data";

/** Soonest first. A deadline already passed is not listed: the contract has renewed (or will) whatever is done now. */
export async function renewalsDue(data: ProcurementData, today: string, withinDays: number): Promise<RenewalDue[]> {
  const due: RenewalDue[] = [];
  for (const contract of await data.autoRenewingContracts()) {
    const noticeDeadline = addDays(contract.endDate, -contract.noticeDays);
    const daysLeft = daysBetween(today, noticeDeadline);
    if (daysLeft < 0 || daysLeft > withinDays) continue;
    due.push({
      contractId: contract.id,
      title: contract.title,
      supplierId: contract.supplierId,
      supplierName: contract.supplierName,
      annualValue: contract.annualValue,
      currency: contract.currency,
      endDate: contract.endDate,
      noticeDeadline,
      daysLeft,
      priceCapPct: contract.priceCapPct,
      ...(contract.ownerAadId || contract.ownerEmail ? { owner: ownerOf(contract) } : {}),
    });
  }
  return due.sort((a, b) => a.noticeDeadline.localeCompare(b.noticeDeadline) || a.contractId.localeCompare(b.contractId));
}

function ownerOf({ ownerAadId, ownerEmail }: Contract): NonNullable<RenewalDue["owner"]> {
  return { ...(ownerAadId ? { aadObjectId: ownerAadId } : {}), ...(ownerEmail ? { email: ownerEmail } : {}) };
}
