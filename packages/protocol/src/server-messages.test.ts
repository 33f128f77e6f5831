import { describe, expect, it } from "vitest";
import { PROTOCOL_VERSION } from "./limits.js";
import type { GameInfo, ServerMessage } from "./messages.js";
import { parseServerMessage } from "./server-messages.js";

const info: GameInfo = {
  id: "Vq3x-7_aB0cD9eFg",
  system: "horse-and-musket-ch11",
  systemTitle: "Horse and Musket Wargames Rules (chapter 11)",
  version: "0.1.0",
  scenario: "meeting-engagement",
  scenarioName: "Meeting engagement",
  options: {},
  seatNames: { first: "Red", second: "Blue" },
  seats: { first: { kind: "human", connected: true }, second: { kind: "ai", level: "greedy" } },
  status: "playing",
  seq: 3,
  turn: "second",
  progress: { turn: 1, phase: "movement", text: "Turn 1, Blue's movement" },
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  rules: { version: "ch11-1", hash: "0123456789abcdef" },
};

/** Every kind of message the server sends, as it sends them. */
const SENT: readonly ServerMessage[] = [
  { type: "welcome", protocol: PROTOCOL_VERSION, role: "spectator", game: info },
  {
    type: "snapshot",
    seq: 3,
    position: { units: {} },
    hash: "0123456789abcdef",
    hashing: "structural",
    reason: "gap",
  },
  {
    type: "event",
    seq: 4,
    side: "second",
    action: { type: "shoot", unit: "B-ART1", target: "A-INF1" },
    dice: [4, 6],
    hash: "fedcba9876543210",
  },
  { type: "ack", id: "a1", seq: 4, duplicate: false },
  {
    type: "error",
    code: "illegal-action",
    message: "004 Movement: Movement Allowances: too far",
    rule: "004 Movement: Movement Allowances",
    refusal: {
      code: "move/allowance",
      rule: "004 Movement: Movement Allowances",
      message: "004 Movement: Movement Allowances: too far",
      unit: "A-INF1",
      point: { x: 6096, y: -12192 },
    },
    id: "a2",
    fatal: false,
  },
  { type: "error", code: "stale-seq", message: "stale", seq: 9, fatal: false },
  { type: "presence", first: true, second: false, spectators: 2 },
  { type: "over", seq: 40, save: { format: "tercio/save@1" } },
  { type: "pong", n: 3 },
  { type: "pong" },
];

describe("the server's messages as the browser reads them", () => {
  it.each(SENT.map((m) => [m.type, m] as const))("reads a %s as it was sent", (_type, message) => {
    expect(parseServerMessage(JSON.parse(JSON.stringify(message)))).toEqual({ ok: true, message });
  });

  it.each([
    ["not an object", 7, undefined, /invalid/i],
    ["an unknown type", { type: "surprise" }, "surprise", /type|invalid/i],
    ["an event without dice", { ...SENT[2], dice: undefined }, "event", /^dice: /],
    ["an event without its action", { ...SENT[2], action: undefined }, "event", /^action: /],
    ["a snapshot with a bad hash", { ...SENT[1], hash: "xyz" }, "snapshot", /^hash: /],
    ["an error of an unknown code", { ...SENT[5], code: "oops" }, "error", /^code: /],
    ["a refusal out of shape", { ...SENT[4], refusal: { code: 1 } }, "error", /^refusal/],
    ["an extra field", { ...SENT[6], extra: true }, "presence", /extra/],
  ])("refuses %s, saying what and where", (_what, json, type, problem) => {
    const r = parseServerMessage(json);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.type).toBe(type);
    expect(r.problem).toMatch(problem);
  });
});
