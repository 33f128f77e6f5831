import { request } from "node:http";
import { connect, type Socket } from "node:net";

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  /** The body's bytes as sent (a compressed body is not decoded). */
  readonly bytes: Buffer;
}

export interface RawOptions {
  readonly method?: string;
  /** Sent as they are, Host included (fetch will not send another Host). */
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** The loopback address to connect from (127.0.0.2, ...): another client as the server sees it. */
  readonly from?: string;
}

/** One HTTP request on a connection of its own. */
export function http(port: number, path: string, options: RawOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "GET",
        headers: options.headers ?? {},
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString("utf8"), bytes });
        });
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** A raw TCP connection and what happens to it. */
export interface Raw {
  readonly socket: Socket;
  /** Everything the server wrote. */
  data(): string;
  /** Resolves with the milliseconds from the connection to its close. */
  readonly closed: Promise<number>;
  isClosed(): boolean;
}

/** Opens a TCP connection (and says nothing unless told to). */
export async function rawConnect(port: number, from?: string): Promise<Raw> {
  const socket = connect({ host: "127.0.0.1", port, ...(from ? { localAddress: from } : {}) });
  let data = "";
  let done = false;
  const start = Date.now();
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    data += chunk;
  });
  socket.on("error", () => undefined);
  const closed = new Promise<number>((resolve) =>
    socket.once("close", () => {
      done = true;
      resolve(Date.now() - start);
    }),
  );
  await new Promise<void>((resolve) => {
    socket.once("connect", () => resolve());
    socket.once("close", () => resolve());
  });
  return { socket, data: () => data, closed, isClosed: () => done };
}

/** A WebSocket upgrade request with these headers; resolves with the status line's code once it comes. */
export async function upgrade(
  port: number,
  headers: Record<string, string>,
  from?: string,
): Promise<{ status: number; raw: Raw }> {
  const raw = await rawConnect(port, from);
  const lines = Object.entries({
    connection: "Upgrade",
    upgrade: "websocket",
    "sec-websocket-version": "13",
    "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
    ...headers,
  }).map(([k, v]) => `${k}: ${v}\r\n`);
  raw.socket.write(`GET /ws HTTP/1.1\r\n${lines.join("")}\r\n`);
  const end = Date.now() + 5000;
  while (!raw.data().includes("\r\n") && !raw.isClosed() && Date.now() < end)
    await new Promise((r) => setTimeout(r, 5));
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw.data())?.[1] ?? 0);
  return { status, raw };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
