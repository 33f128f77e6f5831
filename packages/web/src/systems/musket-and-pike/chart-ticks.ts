/**
 * Round values for a chart's scale from 0 to `max`: a step of 1, 2 or 5
 * times a power of ten giving at most about six ticks, and `max` itself
 * when it lies more than half a step past the last one (nearer, its label
 * would print over that one's).
 */
export function ticks(max: number, most = 6): number[] {
  if (!(max > 0)) return [0];
  const rough = max / most;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((k) => k * power).find((s) => s >= rough) ?? power * 10;
  const whole = Math.max(1, Math.round(step));
  const out: number[] = [];
  for (let v = 0; v <= max; v += whole) out.push(v);
  if (out.at(-1) !== max && max - (out.at(-1) ?? 0) > whole / 2) out.push(max);
  return out;
}
