/**
 * Deep equality with JSON semantics: object key order is ignored, array order is significant,
 * numbers compare as numbers, and there is no coercion between strings, numbers and booleans.
 * Object keys whose value is `undefined` are absent, as they would be after JSON serialisation.
 */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === null || right === null) return left === right;
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => jsonEqual(item, right[index]));
  }
  if (typeof left !== typeof right) return false;
  if (typeof left === "object") return objectsEqual(left as Record<string, unknown>, right as Record<string, unknown>);
  return left === right;
}

function objectsEqual(left: Record<string, unknown>, right: Record<string, unknown>): boolean {
  const leftKeys = definedKeys(left);
  const rightKeys = definedKeys(right);
  if (leftKeys.length !== rightKeys.length) return false;
  return leftKeys.every((key) => Object.prototype.hasOwnProperty.call(right, key) && jsonEqual(left[key], right[key]));
}

function definedKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => value[key] !== undefined);
}
