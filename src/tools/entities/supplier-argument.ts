import type { EntityResolution, Supplier } from "../../domain";
import { resolveSupplier } from "./supplier-resolver";

/** A tool's supplier argument resolved to one supplier, or the reason it was not (never "all suppliers"). */
export type SupplierArgument =
  { supplier: Supplier; resolution: EntityResolution } | { supplier?: undefined; message: string; resolution: EntityResolution };

/**
 * Resolves the supplier a tool was asked about and says what it made of it: the supplier, several candidates to ask back with, or none with
 * the closest names. The message is what the answer states ("No supplier named "Northwind Robotics" is in the data.").
 */
export function resolveSupplierArgument(suppliers: readonly Supplier[], text: string): SupplierArgument {
  const resolved = resolveSupplier(suppliers, text);
  const written = text.trim();
  if (resolved.outcome === "match") {
    const { id, name } = resolved.supplier;
    return { supplier: resolved.supplier, resolution: { resolved: [{ kind: "supplier", text: written, id, name }], unresolved: [] } };
  }
  const names = (resolved.outcome === "ambiguous" ? resolved.candidates : resolved.suggestions).map((supplier) => supplier.name);
  const message =
    resolved.outcome === "ambiguous"
      ? `Several suppliers could be "${written}": ${names.join(", ")}. Which one is meant?`
      : `No supplier named "${written}" is in the data.${names.length > 0 ? ` Closest names: ${names.join(", ")}.` : ""}`;
  return {
    message,
    resolution: { resolved: [], unresolved: [{ kind: "supplier", text: written, outcome: resolved.outcome, candidates: names }] },
  };
}
