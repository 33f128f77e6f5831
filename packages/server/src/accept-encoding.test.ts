import { describe, expect, it } from "vitest";
import { chooseCoding } from "./accept-encoding.js";

describe("chooseCoding (RFC 9110 12.5.3)", () => {
  const both = ["br", "gzip"] as const;
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.1, gzip;q=1", "br"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["br;q=0, gzip;q=0, *", "identity"],
    ["identity", "identity"],
    ["", "identity"],
    ["GZIP", "gzip"],
    ["deflate, compress", "identity"],
    ["br;q=abc, gzip", "gzip"],
  ])("Accept-Encoding %j gets %s", (header, coding) => {
    expect(chooseCoding(header, both)).toBe(coding);
  });

  it("sends identity to a client that sends no Accept-Encoding", () => {
    expect(chooseCoding(undefined, both)).toBe("identity");
  });

  it("offers only the codings the file is kept in", () => {
    expect(chooseCoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(chooseCoding("br", ["gzip"])).toBe("identity");
    expect(chooseCoding("br, gzip", [])).toBe("identity");
  });
});
