import type { WorkingStep } from "./events.js";
import type { Fraction } from "./rules-data/schema.js";

/**
 * The modifier sequences of 1.1 (i-vi) and 2 (i-iv) worked exactly: whole
 * additions and subtractions first (never below 0), then doublings, then
 * halvings, whose combined benefit is capped ("The maximum benefit any Unit
 * may receive is ¼ Hits [1/2x1/2]"), then the total rounded UP once. The
 * steps keep the running total as a fraction, for the log and the board.
 */
export interface Term {
  readonly rule: string;
  readonly text: string;
}

export interface Sequence {
  readonly start: { readonly value: number; readonly rule: string; readonly text: string };
  readonly adds: readonly (Term & { readonly by: number })[];
  readonly doubles: readonly (Term & { readonly by: number })[];
  readonly halves: readonly Term[];
  readonly halve: Fraction;
  readonly cap: Fraction & { readonly rule: string };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function step(rule: string, text: string, num: number, den: number): WorkingStep {
  const g = gcd(Math.abs(num), den) || 1;
  return { rule, text, num: num / g, den: den / g };
}

export function work(seq: Sequence): { readonly hits: number; readonly steps: WorkingStep[] } {
  const steps: WorkingStep[] = [step(seq.start.rule, seq.start.text, seq.start.value, 1)];
  let n = seq.start.value;
  for (const a of seq.adds) {
    n = Math.max(0, n + a.by);
    steps.push(step(a.rule, a.text, n, 1));
  }
  for (const d of seq.doubles) {
    n *= d.by;
    steps.push(step(d.rule, d.text, n, 1));
  }
  let num = 1;
  let den = 1;
  for (const h of seq.halves) {
    num *= seq.halve.num;
    den *= seq.halve.den;
    steps.push(step(h.rule, h.text, n * num, den));
  }
  // The cap: the benefit num/den may not fall below cap.num/cap.den.
  if (num * seq.cap.den < seq.cap.num * den) {
    num = seq.cap.num;
    den = seq.cap.den;
    steps.push(
      step(seq.cap.rule, "the most any unit's protection gives is a quarter of the hits", n * num, den),
    );
  }
  // "rounding fractions UP", on whole numbers: exact.
  return { hits: Math.floor((n * num + den - 1) / den), steps };
}
