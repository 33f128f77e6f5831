/** A seed for a new game; the page may use the browser's generator, the rules never do. */
export function freshSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] ?? 1;
}
