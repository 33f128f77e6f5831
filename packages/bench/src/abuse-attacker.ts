import { PROTOCOL_VERSION } from "@tercio/protocol";
import { type RawData, WebSocket } from "ws";

/**
 * The attacker of the abuse section, in a process of its own so that its
 * work does not slow the fair players' clients (on a two-core machine the
 * bench would otherwise measure itself). Arguments: the WebSocket URL, the
 * game, a spectator token, the sockets, the requests a second, "read" or
 * "never-read", and the seconds to attack for. Prints the bytes received.
 */
const [url, game, token, socketsText, rateText, mode, secondsText] = process.argv.slice(2);
const sockets = Number(socketsText);
const rate = Number(rateText);
const hello = JSON.stringify({ type: "hello", protocol: PROTOCOL_VERSION, game, token, lastSeq: 0 });
let received = 0;
const all: WebSocket[] = [];
for (let i = 0; i < sockets; i++) {
  // From another loopback address than the fair players': the server keeps its budgets per address.
  const ws = new WebSocket(url ?? "", { perMessageDeflate: false, localAddress: "127.0.0.2" });
  ws.on("error", () => undefined);
  ws.on("open", () => {
    ws.send(hello);
    // Never reading: the socket's data is left in the kernel, as a client that stopped reading leaves it.
    if (mode === "never-read") ws.pause();
  });
  ws.on("message", (data: RawData) => {
    received += (data as Buffer).length;
  });
  all.push(ws);
}
const flood = setInterval(() => {
  for (const [i, ws] of all.entries())
    if (ws.readyState === WebSocket.OPEN)
      ws.send(i % 4 === 0 ? '{"type":"hash","seq":1,"hash":"0123456789abcdef"}' : '{"type":"sync"}');
}, 1000 / rate);
setTimeout(() => {
  clearInterval(flood);
  for (const ws of all) ws.terminate();
  const cpu = process.cpuUsage();
  process.stdout.write(`${JSON.stringify({ received, cpuSeconds: (cpu.user + cpu.system) / 1e6 })}\n`);
  process.exit(0);
}, Number(secondsText) * 1000);
