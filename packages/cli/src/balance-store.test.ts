import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type BalanceConfig, gameKey, openStore } from "./balance-store.js";
import type { GameRecord } from "./games.js";
import { UserError } from "./io.js";

const config: BalanceConfig = {
  system: "musket-and-pike",
  bot: "greedy",
  seed: 1,
  options: { optionalRules: [] },
  rules: { version: "test", hash: "0123456789abcdef" },
};

const time = { decisions: 3, meanMs: 1.5, maxMs: 2 };
const game = (seed: number, extra: Partial<GameRecord> = {}): GameRecord => ({
  scenario: "16.31",
  seed,
  first: "greedy",
  second: "greedy",
  winner: "second",
  level: "marginal",
  reason: "Royalists control hex 3",
  gameTurns: 10,
  actions: 6,
  time: { first: time, second: time },
  ...extra,
});

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "tercio-store-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The message of the UserError `f` throws. */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof UserError) return e.message;
    throw e;
  }
  throw new Error("not refused");
}

describe("the balance game store", () => {
  it("starts a file with the configuration, saves each game on its own line and reads them back", () => {
    const dir = join(folder(), "new", "run");
    const store = openStore(dir, config);
    expect(store.records.size).toBe(0);
    store.append(game(1));
    store.append(game(2, { winner: null, reason: "error", error: "dead end" }));
    const lines = readFileSync(join(dir, "games.jsonl"), "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({
      type: "config",
      format: "tercio/balance-games@1",
      bot: "greedy",
    });
    const again = openStore(dir, config);
    expect([...again.records.keys()]).toEqual([gameKey("16.31", 1), gameKey("16.31", 2)]);
    expect(again.records.get("16.31/1")).toEqual(game(1));
    expect(again.records.get("16.31/2")).toEqual(
      game(2, { winner: null, reason: "error", error: "dead end" }),
    );
    expect(again.notes).toEqual([]);
  });

  it("drops an unfinished last line (a run stopped while writing it) and goes on after it", () => {
    const dir = folder();
    const store = openStore(dir, config);
    store.append(game(1));
    store.append(game(2));
    const path = join(dir, "games.jsonl");
    const text = readFileSync(path, "utf8");
    writeFileSync(path, text.slice(0, -40));
    const reopened = openStore(dir, config);
    expect([...reopened.records.keys()]).toEqual(["16.31/1"]);
    expect(reopened.notes[0]).toMatch(/dropped the unfinished last line/);
    reopened.append(game(2));
    expect(readFileSync(path, "utf8")).toBe(text);
  });

  it("refuses a file made with another configuration, saying what differs and what to do", () => {
    const dir = folder();
    openStore(dir, config).append(game(1));
    const message = refusal(() => openStore(dir, { ...config, bot: "random" }));
    expect(message).toMatch(
      /holds games played with musket-and-pike, bot greedy, seeds from 1, .*this run asks for musket-and-pike, bot random/,
    );
    expect(message).toMatch(/Use another --out folder, or delete .*games\.jsonl to start over/);
    expect(refusal(() => openStore(dir, { ...config, seed: 100 }))).toMatch(/seeds from 100/);
    expect(refusal(() => openStore(dir, { ...config, options: { optionalRules: ["caracolla"] } }))).toMatch(
      /options \{"optionalRules":\["caracolla"\]\}/,
    );
    expect(
      refusal(() => openStore(dir, { ...config, rules: { version: "test", hash: "fedcba9876543210" } })),
    ).toMatch(/rules data test \(fedcba9876543210\)/);
  });

  it("refuses a bad line with its number, and a file that is not a balance file", () => {
    const dir = folder();
    const store = openStore(dir, config);
    store.append(game(1));
    store.append(game(2));
    const path = join(dir, "games.jsonl");
    const lines = readFileSync(path, "utf8").split("\n");
    lines[1] = JSON.stringify({ type: "game", scenario: "16.31", seed: "one" });
    writeFileSync(path, lines.join("\n"));
    expect(refusal(() => openStore(dir, config))).toMatch(
      /games\.jsonl line 2 is not a game record \(.*seed/,
    );
    lines[1] = JSON.stringify({ type: "game", ...game(1, { first: "random" }) });
    writeFileSync(path, lines.join("\n"));
    expect(refusal(() => openStore(dir, config))).toMatch(/line 2 is a game of random against greedy/);
    writeFileSync(path, "hello\n");
    expect(refusal(() => openStore(dir, config))).toMatch(/does not begin with a balance configuration line/);
  });
});
