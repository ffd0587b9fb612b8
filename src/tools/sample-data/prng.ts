/** A small seeded pseudo-random generator (mulberry32): the same seed gives the same sequence everywhere. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** [min, max] inclusive. */
  int(min: number, max: number): number {
    return Math.floor(this.between(min, max + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** A positive multiplicative noise factor with median 1 (log-normal, `sigma` in log space). */
  lognormal(sigma: number): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
  }
}
