import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const main = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const built = existsSync(main);

function tercio(args: string[], input?: string) {
  return spawnSync(process.execPath, [main, ...args], { encoding: "utf8", input, timeout: 60_000 });
}

describe.skipIf(!built)("the built tercio command (end to end)", () => {
  it("[16.0] lists the scenarios", () => {
    const r = tercio(["scenario", "list"]);
    expect(r.status).toBe(0);
    expect(r.stdout.split("\n").filter((l) => /^16\.\d\d /.test(l))).toHaveLength(18);
  });

  it("[5.1] pipes a new deployed game into apply and legal through stdin", () => {
    const opened = tercio(["new", "brentford", "--seed", "5", "--deploy", "auto"]);
    expect(opened.status, opened.stderr).toBe(0);
    const moved = tercio(["apply", "-", '{"type":"end-phase"}'], opened.stdout);
    expect(moved.status, moved.stderr).toBe(0);
    expect(moved.stderr).toContain("Movement Phase began");
    const legal = tercio(["legal", "-"], moved.stdout);
    expect(legal.status).toBe(0);
    expect(legal.stdout).toMatch(/legal actions: move \d+/);
  });

  it("reports user errors in one message without a stack trace", () => {
    const r = tercio(["scenario", "show", "waterloo"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^tercio: no scenario "waterloo"/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const missing = tercio(["new", "lutzen"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("--seed");
  });
});
