/** A 53-bit FNV-1a style hash of a row's JSON: equal rows hash equal, so re-imports find what changed. */
export function rowHash(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 16777619);
    b = Math.imul(b ^ code, 2246822519);
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}
