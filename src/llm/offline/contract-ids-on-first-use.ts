import type { NamedRecordId, RecordIdIndex } from "../../domain";

/**
 * The data set's contract ids, read when a question first needs them rather than at start-up: with
 * ten thousand contracts the read costs hundreds of milliseconds, and a damaged contracts file must
 * fail only the questions that look up a contract, not every question. The offline engine's entry
 * points (all async) await `ready()`; the engine's synchronous steps then call `in()`, which throws
 * the read's own failure (which file, what is wrong) only when a text is actually looked up.
 */
export class ContractIdsOnFirstUse {
  private read: { index: RecordIdIndex } | { failure: unknown } | undefined;

  /** `load` is the data layer's own single read (ProcurementData.contractIds): shared, kept, and tried again after a failure. */
  constructor(private readonly load: () => Promise<RecordIdIndex>) {}

  /** Asks the data layer for the ids and records them, or why they could not be read. */
  async ready(): Promise<void> {
    try {
      this.read = { index: await this.load() };
    } catch (failure) {
      this.read = { failure };
    }
  }

  /** The contract ids a text names (see RecordIdIndex.in); throws why they could not be read. */
  in(text: string): NamedRecordId[] {
    if (this.read === undefined) throw new Error("contract ids looked up before ready() read them");
    if ("failure" in this.read) throw this.read.failure;
    return this.read.index.in(text);
  }
}
