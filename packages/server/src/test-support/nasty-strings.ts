/**
 * Strings that have broken servers: multi-byte characters that pass a
 * length check counted in characters but not one counted in bytes (200 euro
 * signs are 600 bytes), astral-plane characters (two UTF-16 units each),
 * lone surrogates (no UTF-8 at all), control characters (a forged log
 * line), invisible and right-to-left marks, and strings over every length
 * a field allows (yet under the frame limit).
 */
export const NASTY_STRINGS: readonly string[] = [
  "€".repeat(200),
  "𝄞".repeat(100),
  "😀".repeat(40),
  "\ud800",
  "\udfff",
  "a\ud800b\udc00c",
  "€\udfff𝄞\ud83d",
  "\u0000",
  "line\nforged log line\r\n",
  "\u001b[31mred\u001b[0m",
  "\u202etxt.exe",
  "\ufeff\u200b\u200d",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template's syntax, sent as plain text
  "%s%n%x{0}${x}",
  '{"type":"hello"}',
  "x".repeat(15_000),
  "€".repeat(5000),
  "",
  " ",
];
