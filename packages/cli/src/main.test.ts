import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SYSTEM_IDS } from "@tercio/systems";
import { describe, expect, it } from "vitest";

const main = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const built = existsSync(main);

function tercio(args: string[], input?: string) {
  return spawnSync(process.execPath, [main, ...args], { encoding: "utf8", input, timeout: 60_000 });
}

// Each spawn starts Node and loads every system: seconds apiece on a loaded machine.
describe.skipIf(!built)("the built tercio command (end to end)", { timeout: 60_000 }, () => {
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

  it("lists the rule systems, and takes --system before or after the command", () => {
    const r = tercio(["systems", "--json"]);
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { id: string }[]).map((s) => s.id)).toContain("musket-and-pike");
    const before = tercio(["--system", "musket-and-pike", "scenario", "list"]);
    expect(before.status, before.stderr).toBe(0);
    expect(before.stdout).toBe(tercio(["scenario", "list", "--system", "musket-and-pike"]).stdout);
  });

  it("refuses an unknown --system with the list of systems", () => {
    const r = tercio(["--system", "chess", "new", "16.31", "--seed", "1"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      `tercio: --system: no rule system "chess"; the systems are ${SYSTEM_IDS.join(", ")} (see: tercio systems)\n`,
    );
  });

  it("takes --option key=value and plays the AI levels of the system", () => {
    const opened = tercio(["new", "16.31", "--seed", "2", "--option", 'optionalRules=["caracolla"]']);
    expect(opened.status, opened.stderr).toBe(0);
    expect((JSON.parse(opened.stdout) as { options: unknown }).options).toEqual({
      optionalRules: ["caracolla"],
    });
    const bad = tercio(["new", "16.31", "--seed", "2", "--option", "optionalRules=flying-pigs"]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/invalid setup:\n\s+options\.optionalRules/);
  });
  it("plays Horse and Musket (chapter 11) from the shell: new, check-move, apply, render", () => {
    const hm = ["--system", "horse-and-musket-ch11"];
    const opened = tercio([...hm, "new", "river-crossing", "--seed", "1"]);
    expect(opened.status, opened.stderr).toBe(0);
    const program = '[{"op":"pivot","cdeg":-4500},{"op":"advance","ticks":12192},{"op":"pivot","cdeg":4500}]';
    const ok = tercio([...hm, "check-move", "-", "A-CAV1", program], opened.stdout);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("legal: the whole program (3 ops)");
    const refused = tercio(
      [...hm, "check-move", "-", "A-INF1", '[{"op":"advance","ticks":48768}]'],
      opened.stdout,
    );
    expect(refused.status).toBe(2);
    expect(refused.stdout).toContain("004 Movement: Movement Allowances");
    const moved = tercio(
      [...hm, "apply", "-", `{"type":"move","unit":"A-CAV1","program":${program}}`],
      opened.stdout,
    );
    expect(moved.status, moved.stderr).toBe(0);
    expect(moved.stderr).toContain('A-CAV1 moved 2"');
    const svg = tercio([...hm, "render", "-", "--arcs", "--ranges", "A-ART1"], moved.stdout);
    expect(svg.status, svg.stderr).toBe(0);
    expect(svg.stdout).toMatch(/^<svg[^>]*viewBox=/);
    expect(svg.stdout).toContain('data-arc="A-ART1"');
    expect(svg.stdout).toContain('data-range="A-ART1"');
    const shown = tercio([...hm, "scenario", "show", "river-crossing"]);
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toContain("the Stone Bridge (bridge");
  }, 60_000);
});
