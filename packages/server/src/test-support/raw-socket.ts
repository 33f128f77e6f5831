import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";

/**
 * A WebSocket client written by hand on a TCP socket, for tests that need
 * what a well-behaved library will not do: never read what the server
 * sends, or send text frames that are not UTF-8.
 */
export class RawSocket {
  readonly socket: Socket;
  closed = false;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on("close", () => {
      this.closed = true;
    });
    socket.on("error", () => undefined);
  }

  /** Opens the socket and sends the upgrade; with `read: false` nothing the server sends is ever read. */
  static async open(wsUrl: string, options: { read: boolean }): Promise<RawSocket> {
    const url = new URL(wsUrl);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("error", reject);
    });
    const raw = new RawSocket(socket);
    if (options.read) socket.resume();
    else socket.pause();
    socket.write(
      `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    return raw;
  }

  /** One masked text frame (opcode 1) with these bytes as its payload. */
  sendBytes(payload: Buffer): void {
    const mask = randomBytes(4);
    const length =
      payload.length < 126
        ? Buffer.from([0x80 | payload.length])
        : Buffer.from([0x80 | 126, payload.length >> 8, payload.length & 0xff]);
    const masked = Buffer.from(payload.map((b, i) => b ^ (mask[i % 4] ?? 0)));
    this.socket.write(Buffer.concat([Buffer.from([0x81]), length, mask, masked]));
  }

  send(message: unknown): void {
    this.sendBytes(Buffer.from(JSON.stringify(message), "utf8"));
  }

  destroy(): void {
    this.socket.destroy();
  }
}
