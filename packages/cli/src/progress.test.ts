import { describe, expect, it } from "vitest";
import { createProgress, duration } from "./progress.js";

function stream(isTTY: boolean, columns = 120) {
  const writes: string[] = [];
  return { isTTY, columns, writes, write: (t: string) => writes.push(t) };
}

/** A clock the test moves by hand. */
function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("progress", () => {
  it("formats durations as m:ss or h:mm:ss", () => {
    expect(duration(0)).toBe("0:00");
    expect(duration(65_000)).toBe("1:05");
    expect(duration(3_723_000)).toBe("1:02:03");
  });

  it("on a terminal, redraws one bar in place, at most every 100 ms, and ends the line", () => {
    const s = stream(true);
    const c = clock();
    const p = createProgress({ total: 4, label: "arena", stream: s, now: c.now });
    expect(s.writes).toHaveLength(1);
    expect(s.writes[0]).toBe("\r\x1b[2K[------------------------------] arena 0/4 (0%), 0:00 elapsed");
    c.advance(2000);
    p.tick("16.31");
    expect(s.writes[1]).toBe(
      "\r\x1b[2K[########----------------------] arena 1/4 (25%), 0:02 elapsed, about 0:06 left  16.31",
    );
    c.advance(10);
    p.tick(); // too soon: not drawn
    expect(s.writes).toHaveLength(2);
    c.advance(10);
    p.tick();
    c.advance(10);
    p.tick(); // the last is always drawn
    expect(s.writes[2]).toBe(`\r\x1b[2K[${"#".repeat(30)}] arena 4/4 (100%), 0:02 elapsed`);
    p.finish();
    p.finish();
    expect(s.writes.at(-1)).toBe("\n");
    expect(s.writes.filter((w) => w === "\n")).toHaveLength(1);
  });

  it("keeps the bar within a narrow terminal", () => {
    const s = stream(true, 40);
    const p = createProgress({ total: 3, label: "balance greedy", stream: s, now: () => 0 });
    p.tick("16.24 Lutzen: first");
    for (const w of s.writes) expect(w.replace("\r\x1b[2K", "").length).toBeLessThanOrEqual(39);
    // A width of 0 (unknown) is taken as 80 columns; the note is left out when it does not fit.
    const unknown = stream(true, 0);
    createProgress({ total: 3, label: "balance greedy", stream: unknown, now: () => 0 }).tick("16.24");
    expect(unknown.writes.at(-1)).toBe(
      `\r\x1b[2K[${"#".repeat(7)}${"-".repeat(13)}] balance greedy 1/3 (33%), 0:00 elapsed, about 0:00 left`,
    );
  });

  it("into a file or a pipe, writes a plain line every so often and at the end, with no control codes", () => {
    const s = stream(false);
    const c = clock();
    const p = createProgress({ total: 3, label: "balance", stream: s, now: c.now, lineEveryMs: 1000 });
    p.tick();
    expect(s.writes).toEqual([]);
    c.advance(1500);
    p.tick();
    c.advance(100);
    p.tick();
    p.finish();
    expect(s.writes).toEqual([
      "balance: 2/3 (66%), 0:02 elapsed, about 0:01 left\n",
      "balance: 3/3 (100%), 0:02 elapsed\n",
    ]);
    expect(s.writes.join("")).not.toContain("\r");
    expect(s.writes.join("")).not.toContain("\x1b");
  });

  it("says where a stopped run stopped; an empty run writes nothing", () => {
    const s = stream(false);
    const p = createProgress({ total: 5, label: "arena", stream: s, now: () => 0 });
    p.tick();
    p.finish();
    expect(s.writes).toEqual(["arena: stopped at 1/5 (20%), 0:00 elapsed, about 0:00 left\n"]);
    const empty = stream(true);
    createProgress({ total: 0, label: "arena", stream: empty }).finish();
    expect(empty.writes).toEqual([]);
  });
});
