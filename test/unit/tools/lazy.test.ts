import assert from "node:assert/strict";
import { once } from "../../../src/tools/lazy";

/** A loader that counts its reads and fails the first `failures` of them. */
function countedLoader(failures: number) {
  const loader = {
    reads: 0,
    load: async () => {
      loader.reads++;
      if (loader.reads <= failures) throw new Error(`read ${loader.reads} failed`);
      return { read: loader.reads };
    },
  };
  return loader;
}

describe("once (the data layer's single read)", () => {
  it("reads nothing until called, then shares one read between concurrent callers and keeps it", async () => {
    const loader = countedLoader(0);
    const lazy = once(loader.load);
    assert.equal(loader.reads, 0);
    const [first, second] = await Promise.all([lazy(), lazy()]);
    assert.equal(second, first);
    assert.equal(await lazy(), first);
    assert.equal(loader.reads, 1);
  });

  it("reads again on the next call after a failed read, and keeps the read that succeeds", async () => {
    const loader = countedLoader(1);
    const lazy = once(loader.load);
    await assert.rejects(lazy(), /read 1 failed/);
    assert.deepEqual(await lazy(), { read: 2 });
    assert.deepEqual(await lazy(), { read: 2 });
    assert.equal(loader.reads, 2);
  });

  it("lets a caller retry at once after a failure without another caller's view of that failure undoing the retry", async () => {
    const loader = countedLoader(1);
    const lazy = once(loader.load);
    const retrying = lazy().catch(() => lazy());
    const givingUp = lazy().catch(() => "gave up");
    assert.deepEqual(await Promise.all([retrying, givingUp]), [{ read: 2 }, "gave up"]);
    assert.deepEqual(await lazy(), { read: 2 }, "the retry's read is the one kept");
    assert.equal(loader.reads, 2);
  });
});
