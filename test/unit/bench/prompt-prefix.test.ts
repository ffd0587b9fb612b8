import assert from "node:assert/strict";
import { cacheableTokens, commonPrefixLength, formatPrefixTable, prefixFigures, type PromptCall } from "../../../bench/prompt-prefix";

const tokens = (prefix: number, tail: number[]) => [...Array.from({ length: prefix }, (_, i) => i), ...tail];

describe("prompt-cache prefix figures", () => {
  it("counts the cache only from 1,024 shared tokens, in whole 128-token steps", () => {
    assert.equal(cacheableTokens(1023), 0);
    assert.equal(cacheableTokens(1024), 1024);
    assert.equal(cacheableTokens(1200), 1152);
    assert.equal(commonPrefixLength([1, 2, 3], [1, 2, 4, 5]), 2);
  });

  it("compares each call with the same agent's calls in the latest earlier run that called it", () => {
    const runs: PromptCall[][] = [
      [
        { agentId: "router", tokens: tokens(1500, [9001]) },
        { agentId: "contract", tokens: tokens(600, [1]) },
      ],
      [
        { agentId: "router", tokens: tokens(1500, [9002]) },
        { agentId: "spend", tokens: tokens(10, [2]) },
      ],
      [
        { agentId: "router", tokens: tokens(1500, [9003, 9004]) },
        { agentId: "contract", tokens: tokens(600, [3]) },
        { agentId: "contract", tokens: tokens(1300, [4]) },
      ],
    ];
    const [router, contract, spend] = prefixFigures(runs);
    assert.deepEqual(
      { agent: router.agentId, calls: router.calls, shared: router.sharedTokens, reaching: router.callsReachingMinimum },
      { agent: "router", calls: 2, shared: 1500, reaching: 2 },
    );
    assert.equal(router.promptTokens, (1501 + 1502) / 2);
    assert.equal(router.cachedShare, (1408 * 2) / (1501 + 1502));
    // Contract is compared with run 1 (run 2 did not call it); its second call also shares 601 tokens with its first.
    assert.equal(contract.agentId, "contract");
    assert.equal(contract.calls, 2);
    assert.equal(contract.sharedTokens, 600);
    assert.equal(contract.callsReachingMinimum, 0);
    assert.equal(contract.cachedShare, 0);
    assert.equal(spend, undefined, "an agent seen in one run only has nothing to compare");
    const table = formatPrefixTable([router, contract]);
    assert.match(table, /\| router +\| 2 +\| 1502 +\| 1500 +\| 99\.9 % +\| yes \(2\/2\)/);
    assert.match(table, /\| contract +\| 2 +\| .*\| no \(0\/2\)/);
  });
});
