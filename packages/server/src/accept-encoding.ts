/** The content codings the web app's files are kept in, best first. */
export const CODINGS = ["br", "gzip"] as const;
export type Coding = (typeof CODINGS)[number];

/**
 * The coding to send a file in for a request's Accept-Encoding (RFC 9110,
 * 12.5.3): the best of `available` that the client accepts with a q-value
 * above 0, else "identity", which every client takes. A missing header is
 * read as "anything" by the RFC, but a client that sends none (curl, a
 * script) is better served plain, as every server does.
 */
export function chooseCoding(header: string | undefined, available: readonly Coding[]): Coding | "identity" {
  if (header === undefined) return "identity";
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (name === "") continue;
    const weight = params.find((p) => p.startsWith("q="));
    const value = weight === undefined ? 1 : Number(weight.slice(2));
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (coding: Coding) => (q.get(coding) ?? q.get("*") ?? 0) > 0;
  // The best coding the client accepts at all: a client's own order of preference is rarely meaningful.
  return CODINGS.find((c) => available.includes(c) && accepts(c)) ?? "identity";
}
