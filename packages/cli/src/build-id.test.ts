import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildId } from "./build-id.js";

const built = fileURLToPath(new URL("../dist/build-id.js", import.meta.url));

describe("the build a queued game is played with", () => {
  it("is 16 hex digits, the same at every call", () => {
    expect(buildId()).toMatch(/^[0-9a-f]{16}$/);
    expect(buildId()).toBe(buildId());
  });

  it.skipIf(!existsSync(built))(
    "is the same from the sources under test and from the compiled CLI a worker runs: both digest the compiled code",
    () => {
      const fromDist = execFileSync(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `import(${JSON.stringify(built)}).then((m) => console.log(m.buildId()))`,
        ],
        { encoding: "utf8" },
      ).trim();
      expect(fromDist).toBe(buildId());
    },
  );
});
