import { type ClientMessage, PROTOCOL_VERSION, type ServerMessage } from "@tercio/protocol";
import { OnlineConnection } from "./connection.js";
import type { OpenSocket, SocketHandlers } from "./socket.js";
import { type FakeServerGame, GAME_ID as GAME, gameInfo } from "./test-support.js";

/** The headless connection tests' socket and set-up (not shipped: only tests import this file). */

export const TOKEN = "a".repeat(43);

/** A WebSocket stand-in: records what the client sends; the test plays the server's part. */
export class FakeSocket {
  readonly sent: ClientMessage[] = [];
  closed: { code?: number | undefined; reason?: string | undefined } | undefined;
  constructor(
    readonly url: string,
    readonly handlers: SocketHandlers,
  ) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }
  close(code?: number, reason?: string) {
    this.closed = { code, reason };
  }
  open() {
    this.handlers.onOpen();
  }
  receive(msg: ServerMessage) {
    this.handlers.onMessage(JSON.stringify(msg));
  }
  /** A frame as a hostile or broken server might send it. */
  receiveRaw(data: string) {
    this.handlers.onMessage(data);
  }
  /** The network drops the connection (the server never said goodbye). */
  lose() {
    this.handlers.onClose(1006, "");
  }
  acts() {
    return this.sent.filter((m) => m.type === "act");
  }
}

export function setup<C, P, A, E>(server: FakeServerGame<C, P, A, E>) {
  const sockets: FakeSocket[] = [];
  const openSocket: OpenSocket = (url, handlers) => {
    const s = new FakeSocket(url, handlers);
    sockets.push(s);
    return s;
  };
  const conn = new OnlineConnection({
    url: "ws://example.test/ws",
    game: GAME,
    token: TOKEN,
    system: server.system,
    openSocket,
    random: () => 0,
  });
  const socket = () => {
    const s = sockets.at(-1);
    if (!s) throw new Error("no socket");
    return s;
  };
  /** The server's side of a hello: welcome, then a snapshot or the events missed. */
  const welcome = (s: FakeSocket, catchUp: ServerMessage[]) => {
    s.receive({
      type: "welcome",
      protocol: PROTOCOL_VERSION,
      role: "first",
      game: gameInfo(server, { turn: "first" }),
    });
    for (const m of catchUp) s.receive(m);
  };
  return { conn, sockets, socket, welcome };
}
