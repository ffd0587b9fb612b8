/** A matched pair: index into the left list and index into the right list. */
export interface MatchedPair {
  left: number;
  right: number;
}

/**
 * Maximum bipartite matching (Kuhn's augmenting paths): pairs items one-to-one so that the number of pairs is as large as possible. Greedy
 * first-fit pairing can under-count when one left item could take several right items. Deterministic: ties go to the lowest indices.
 * O(L·E).
 */
export function maximumBipartiteMatching(
  leftCount: number,
  rightCount: number,
  canMatch: (left: number, right: number) => boolean,
): MatchedPair[] {
  const edges: number[][] = [];
  for (let left = 0; left < leftCount; left++) {
    edges.push([]);
    for (let right = 0; right < rightCount; right++) if (canMatch(left, right)) edges[left].push(right);
  }
  const leftOfRight = new Array<number>(rightCount).fill(-1);
  const augment = (left: number, visited: boolean[]): boolean => {
    for (const right of edges[left]) {
      if (visited[right]) continue;
      visited[right] = true;
      if (leftOfRight[right] === -1 || augment(leftOfRight[right], visited)) {
        leftOfRight[right] = left;
        return true;
      }
    }
    return false;
  };
  for (let left = 0; left < leftCount; left++) augment(left, new Array<boolean>(rightCount).fill(false));
  const pairs: MatchedPair[] = [];
  leftOfRight.forEach((left, right) => {
    if (left !== -1) pairs.push({ left, right });
  });
  return pairs.sort((a, b) => a.left - b.left);
}
