/**
 * The value a map must hold for a key, for lookups whose key came from the same data that built the
 * map: a missing one is a bug, so it fails loudly with what was looked up instead of going on with undefined.
 */
export function lookup<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`no ${what} for ${JSON.stringify(key)}`);
  return value;
}
