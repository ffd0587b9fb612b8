import { z } from "zod";
import { daysBefore, recognise, type Fact, type FactContext } from "./fact";

const ContractLike = z.object({
  id: z.string(),
  title: z.string(),
  supplierName: z.string(),
  endDate: z.string(),
  autoRenew: z.boolean(),
  noticeDays: z.number(),
  priceCapPct: z.number().nullable(),
});
type ContractLike = z.infer<typeof ContractLike>;

/** Contracts of named suppliers come first. */
export function contractFacts({ observations, entities, phrases }: FactContext): Fact[] {
  const named = new Set(entities.suppliers.map((s) => s.name));
  const contracts = recognise(observations, ContractLike, (c) => c.id)
    .map((entry) => entry.value)
    .sort((a, b) => Number(named.has(b.supplierName)) - Number(named.has(a.supplierName)));
  const top = contracts.slice(0, entities.suppliers.length > 1 ? 2 : 1);
  return top.flatMap((contract) => factsFor(contract, { entities, phrases }));
}

function factsFor(contract: ContractLike, { entities, phrases }: Pick<FactContext, "entities" | "phrases">): Fact[] {
  const refs = [contract.id];
  const facts: Fact[] = [{ text: phrases.contractFound(contract), references: refs, direct: false }];
  const requested = entities.percentages[0];
  if (requested !== undefined) {
    const capPct = contract.priceCapPct;
    facts.push({
      action: capPct !== null && requested > capPct ? phrases.actionCapExceeded({ capPct, referenceId: contract.id }) : undefined,
      text:
        contract.priceCapPct === null
          ? phrases.contractNoCap({ id: contract.id, requestedPct: requested })
          : phrases.contractCapCompare({ id: contract.id, requestedPct: requested, capPct: contract.priceCapPct }),
      references: refs,
      direct: true,
    });
  }
  const noticeDeadline = daysBefore(contract.endDate, contract.noticeDays);
  facts.push({
    action: entities.topics.has("contract")
      ? phrases.actionNotice({ noticeDays: contract.noticeDays, deadline: noticeDeadline, referenceId: contract.id })
      : undefined,
    text: phrases.contractRenewal({ ...contract, noticeDeadline }),
    references: refs,
    direct: entities.topics.has("contract"),
  });
  return facts;
}
