import type { Hashing } from "@tercio/core";
import type { Side } from "@tercio/musket-and-pike";
import type { CreatedGame, ServerMessage } from "@tercio/protocol";
import { type RawData, WebSocket } from "ws";
import type { LoadRecorder } from "./load-recorder.js";
import type { GameScript } from "./server-script.js";

const CONNECT_TIMEOUT_MS = 30_000;

/**
 * The protocol each server speaks, asked once (`/api/health`): a peer build
 * measured beside this one may be older. A server that does not say speaks
 * protocol 2, the last before /api/health named it.
 */
const protocols = new Map<string, Promise<number>>();

function protocolOf(base: string): Promise<number> {
  let known = protocols.get(base);
  if (known === undefined) {
    known = fetch(new URL("api/health", base))
      .then((r) => r.json() as Promise<{ protocol?: unknown }>)
      .then((h) => (typeof h.protocol === "number" ? h.protocol : 2));
    protocols.set(base, known);
  }
  return known;
}

/**
 * One game on the server played by two scripted clients, one WebSocket per
 * seat. When the script's game ends the pair starts another, so the number
 * of games in play stays the same for the whole run.
 */
export class ScriptedGame {
  private seats: SeatClient[] = [];
  private overs = 0;
  private restarting: Promise<void> | undefined;
  /** Actions acknowledged while the recorder measured. */
  acked = 0;

  constructor(
    private readonly base: string,
    readonly script: GameScript,
    readonly recorder: LoadRecorder,
    /**
     * Milliseconds each seat waits before it acts, as a person would (0: at
     * once, as fast as the server answers); a function draws each wait.
     */
    readonly thinkMs: number | (() => number) = 0,
    /** The local address its sockets come from (players of different games are at different addresses). */
    readonly localAddress?: string,
  ) {}

  /** POST /api/games: both seats human, the tokens kept for connecting. */
  async create(): Promise<CreatedGame> {
    const response = await fetch(new URL("api/games", this.base), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        scenario: this.script.scenario,
        seats: { first: { kind: "human" }, second: { kind: "human" } },
      }),
    });
    if (response.status !== 201)
      throw new Error(
        `POST /api/games answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
      );
    this.recorder.gamesCreated += 1;
    return (await response.json()) as CreatedGame;
  }

  /** Both seats say hello; resolves once each has its snapshot. */
  async connect(created: CreatedGame): Promise<void> {
    const url = new URL("ws", this.base);
    url.protocol = "ws:";
    this.overs = 0;
    this.seats = (["first", "second"] as const).map((side) => new SeatClient(side, this));
    const protocol = await protocolOf(this.base);
    await Promise.all(
      this.seats.map((seat) => {
        const token = created.tokens[seat.side];
        if (token === undefined) throw new Error(`the new game has no ${seat.side} token`);
        return seat.connect(url.href, created.game.id, token, protocol);
      }),
    );
  }

  /** The side to act sends its first action (the other waits for events). */
  start(): void {
    for (const seat of this.seats) seat.act();
  }

  /** No action waits for its acknowledgement and no new game is being set up. */
  get idle(): boolean {
    return this.restarting === undefined && this.seats.every((s) => !s.waiting);
  }

  seatSawOver(): void {
    this.overs += 1;
    if (this.overs < this.seats.length) return;
    this.recorder.gamesFinished += 1;
    this.close();
    if (!this.recorder.running) return;
    this.restarting = this.create()
      .then((created) => this.connect(created))
      .then(() => this.start())
      .catch((e: unknown) => this.recorder.error(`starting another game: ${(e as Error).message}`))
      .finally(() => {
        this.restarting = undefined;
      });
  }

  close(): void {
    for (const seat of this.seats) seat.close();
  }
}

/**
 * One seat's client. It acts on the event that makes it its turn (the
 * script's next step is its side's), one action at a time, and times each
 * from the send to the acknowledgement.
 */
class SeatClient {
  private ws: WebSocket | undefined;
  /** The last event seen. */
  private seq = -1;
  /** The seq the last action was sent after, so an action is never sent twice. */
  private sentAfter = -1;
  private pending: { id: string; at: number } | undefined;
  /** How the game's hashes are made, as its snapshot says (a server before protocol 3 does not say: canonical). */
  private hashing: Hashing = "canonical";
  private over = false;
  private closing = false;

  constructor(
    readonly side: Side,
    private readonly game: ScriptedGame,
  ) {}

  get waiting(): boolean {
    return this.pending !== undefined;
  }

  connect(url: string, gameId: string, token: string, protocol: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, {
        perMessageDeflate: false,
        ...(this.game.localAddress !== undefined ? { localAddress: this.game.localAddress } : {}),
      });
      this.ws = ws;
      let joined = false;
      let failed = false;
      const timer = setTimeout(
        () => fail(new Error(`no snapshot within ${CONNECT_TIMEOUT_MS / 1000} s`)),
        CONNECT_TIMEOUT_MS,
      );
      // An error is followed by a close: one failure is reported per socket, not two.
      const fail = (e: Error) => {
        clearTimeout(timer);
        if (failed || this.closing) return;
        failed = true;
        if (!joined) reject(e);
        else this.game.recorder.error(`${this.side} socket: ${e.message}`);
      };
      ws.on("open", () => ws.send(JSON.stringify({ type: "hello", protocol, game: gameId, token })));
      ws.on("message", (data: RawData) => {
        const message = JSON.parse(data.toString()) as ServerMessage;
        this.onMessage(message);
        if (message.type === "snapshot" && !joined) {
          joined = true;
          clearTimeout(timer);
          resolve();
        }
      });
      ws.on("error", (e) => fail(e));
      ws.on("close", (code, reason) =>
        fail(new Error(`closed by the server (${code}${reason.length > 0 ? ` ${reason.toString()}` : ""})`)),
      );
    });
  }

  private onMessage(m: ServerMessage): void {
    const { recorder, script } = this.game;
    switch (m.type) {
      case "welcome":
        if (m.role !== this.side) recorder.error(`welcomed as ${m.role}, not ${this.side}`);
        return;
      case "snapshot": {
        this.hashing = (m as { hashing?: Hashing }).hashing ?? "canonical";
        const expected = (m.seq === 0 ? script.openingHashes : script.steps[m.seq - 1]?.hashes)?.[
          this.hashing
        ];
        if (m.hash !== expected)
          recorder.error(`snapshot at ${m.seq}: hash ${m.hash}, the script's ${expected}`);
        this.seq = m.seq;
        this.act();
        return;
      }
      case "event": {
        const expected = script.steps[m.seq - 1]?.hashes[this.hashing];
        if (m.seq !== this.seq + 1) recorder.error(`event ${m.seq} arrived after event ${this.seq}`);
        else if (m.hash !== expected)
          recorder.error(`event ${m.seq}: hash ${m.hash}, the script's ${expected}`);
        this.seq = m.seq;
        this.act();
        return;
      }
      case "ack": {
        const pending = this.pending;
        if (pending === undefined || m.id !== pending.id || m.duplicate)
          recorder.error(`unexpected ack ${m.id}${m.duplicate ? " (duplicate)" : ""}`);
        else {
          recorder.ack(performance.now() - pending.at);
          if (recorder.measuring) this.game.acked += 1;
        }
        this.pending = undefined;
        this.act();
        return;
      }
      case "over":
        this.over = true;
        this.game.seatSawOver();
        return;
      case "error":
        recorder.error(`${m.code}${m.id !== undefined ? ` (action ${m.id})` : ""}: ${m.message}`);
        // A refused action is never acknowledged: stop waiting for it (the run has failed anyway).
        if (m.id !== undefined && m.id === this.pending?.id) this.pending = undefined;
        return;
    }
  }

  /** Sends the script's next step if it is this seat's, the run is on and nothing is in flight. */
  act(): void {
    const { recorder, script } = this.game;
    if (!recorder.running || this.over || this.pending || this.seq <= this.sentAfter || this.seq < 0) return;
    const step = script.steps[this.seq];
    if (step?.side !== this.side) return;
    this.sentAfter = this.seq;
    const seq = this.seq;
    const send = () => {
      if (!recorder.running || this.over || this.closing) return;
      const id = `a${seq}`;
      this.pending = { id, at: performance.now() };
      this.ws?.send(`{"type":"act","id":"${id}","seq":${seq},"action":${step.text}}`);
    };
    const { thinkMs } = this.game;
    const wait = typeof thinkMs === "function" ? thinkMs() : thinkMs;
    if (wait > 0) setTimeout(send, wait);
    else send();
  }

  close(): void {
    this.closing = true;
    this.ws?.close(1000, "done");
  }
}
