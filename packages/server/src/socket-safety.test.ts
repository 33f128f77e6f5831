import { describe, expect, it } from "vitest";
import { guarded, logLine, MAX_CLOSE_REASON_BYTES, utf8Prefix } from "./socket-safety.js";
import { NASTY_STRINGS } from "./test-support/nasty-strings.js";
import { ThrottledLog } from "./throttled-log.js";

describe("socket safety", () => {
  it("a close reason is cut by bytes, never inside a character", () => {
    for (const s of NASTY_STRINGS) {
      const cut = utf8Prefix(s, MAX_CLOSE_REASON_BYTES);
      expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(MAX_CLOSE_REASON_BYTES);
      expect(s.startsWith(cut)).toBe(true);
    }
    expect(utf8Prefix("€".repeat(200), 123)).toBe("€".repeat(41));
    expect(utf8Prefix("a𝄞", 4)).toBe("a");
  });

  it("a log line is one line, of bounded length, with no lone surrogates", () => {
    for (const s of NASTY_STRINGS) {
      const line = logLine(`client said ${s}`, 200);
      expect(line).not.toMatch(/[\n\r\u2028\u2029]/);
      expect(line.length).toBeLessThan(260);
      expect(line).toBe(Buffer.from(line, "utf8").toString("utf8"));
    }
    expect(logLine("a\nb")).toBe("a\\u000ab");
  });

  it("a guarded handler that throws reports and fails safe, and throws nothing", () => {
    const logged: string[] = [];
    let failed = 0;
    const handler = guarded(
      "a test handler",
      (l) => logged.push(l),
      () => {
        failed += 1;
      },
      () => {
        throw new RangeError("boom");
      },
    );
    expect(() => handler()).not.toThrow();
    expect(failed).toBe(1);
    expect(logged[0]).toMatch(/^a test handler failed: RangeError: boom/);
  });

  it("lines a client can cause are logged at a bounded rate, with a count of those left out", () => {
    const clock = { t: 0 };
    const out: string[] = [];
    const log = new ThrottledLog(
      (l) => out.push(l),
      3,
      () => clock.t,
    );
    for (let i = 0; i < 100; i++) log.line(`mismatch ${i}`);
    expect(out).toEqual(["mismatch 0", "mismatch 1", "mismatch 2"]);
    clock.t = 60_000;
    log.line("later");
    expect(out.slice(3)).toEqual(["(97 more such lines in the last minute were left out)", "later"]);
  });
});
