/**
 * A Result is how the engine answers player input: illegal input is an
 * expected outcome, returned as data, never thrown (house style 4).
 */
export type Result<T, E> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });

/** For programmer bugs only: a broken invariant inside the engine. */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`engine invariant broken: ${message}`);
}
