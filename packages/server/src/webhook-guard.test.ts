import { describe, expect, it } from "vitest";
import { isPrivateAddress, webhookRefusal } from "./webhook-guard.js";

describe("webhook addresses", () => {
  it("loopback, private, link-local and mapped addresses are private; public ones are not", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["8.8.8.8", "1.1.1.1", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect(isPrivateAddress(a), a).toBe(false);
    expect(isPrivateAddress("not an address")).toBe(true);
  });

  it("a URL naming a private host is refused with the reason; a public literal address passes", async () => {
    expect(await webhookRefusal("http://127.0.0.1:9/x")).toContain("private or local");
    expect(await webhookRefusal("http://[::1]/x")).toContain("private or local");
    expect(await webhookRefusal("http://localhost/x")).toContain("private or local");
    expect(await webhookRefusal("https://8.8.8.8/hook")).toBeUndefined();
  });
});
