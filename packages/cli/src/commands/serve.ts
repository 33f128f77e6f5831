import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Catalog,
  describeDeployment,
  findScenario,
  MUSKET_AND_PIKE,
  musketAndPike,
  type Scenario,
} from "@tercio/musket-and-pike";
import { renderMap, renderPosition } from "@tercio/render";
import {
  allowedHostProblem,
  createServer as createGameServer,
  DEFAULT_LEASE_MS,
  DEFAULT_LIMITS,
  defaultWebRoot,
  hasWebApp,
  installLastResort,
  isPostgresUrl,
  nodeUrlProblem,
  type StaticAnswer,
  StaticSite,
  StoreUnavailable,
  storeName,
  trustedProxyProblem,
} from "@tercio/server";
import { defaultSystems } from "@tercio/systems";
import { type CommonOptions, loadCatalog, scenarioContext } from "../catalog.js";
import { unitCount, unitGroups } from "../format.js";
import { type CommandResult, EXIT_BAD_INPUT, fail, type Io, nodeIo, run, UserError } from "../io.js";
import { openingPosition } from "./new.js";
import { deploymentHexes, SPECIAL_RULE_TEXT, scenarioSummary } from "./scenario.js";

export interface ServeOptions extends CommonOptions {
  readonly port?: string | undefined;
  readonly host?: string | undefined;
  /** The built browser game to serve at / (default: packages/web/dist). */
  readonly web?: string | undefined;
  /** Where online games are kept: a SQLite file (default tercio-data/games.sqlite) or a postgres:// URL. */
  readonly db?: string | undefined;
  /** FULL (default) or NORMAL: see docs/online.md. */
  readonly sync?: string | undefined;
  readonly aiThreads?: string | undefined;
  /** Worker threads that hash each action's position (0, the default: the main thread does). */
  readonly roomThreads?: string | undefined;
  readonly gamesPerHour?: string | undefined;
  readonly messagesPerSecond?: string | undefined;
  readonly messageBurst?: string | undefined;
  readonly addressMessagesPerSecond?: string | undefined;
  readonly connectionsPerAddress?: string | undefined;
  readonly sendBytesPerSecond?: string | undefined;
  readonly addressSendBytesPerSecond?: string | undefined;
  readonly maxBufferedBytes?: string | undefined;
  readonly allowPrivateWebhooks?: boolean | undefined;
  /** Reverse proxies whose X-Forwarded-For is believed: comma-separated, or once per flag. */
  readonly trustProxy?: string | readonly string[] | undefined;
  /** Host names answered besides IP addresses and localhost: comma-separated, or once per flag. */
  readonly allowedHost?: string | readonly string[] | undefined;
  readonly maxConnections?: string | undefined;
  readonly httpConnectionsPerAddress?: string | undefined;
  readonly headersTimeout?: string | undefined;
  readonly requestTimeout?: string | undefined;
  readonly keepAliveTimeout?: string | undefined;
  /** The URL other servers reach this one at, when several share one PostgreSQL database. */
  readonly nodeUrl?: string | undefined;
  /** Milliseconds a server's hold on its games lasts without renewal (with --node-url). */
  readonly lease?: string | undefined;
}

export const DEFAULT_DB = "tercio-data/games.sqlite";

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const STYLE = `
body{font-family:Helvetica,Arial,sans-serif;background:#f7f3e6;color:#2b2620;margin:0}
header{background:#2b2620;color:#f7f3e6;padding:14px 28px}
header a{color:#f7f3e6;text-decoration:none}
header h1{margin:0;font-size:22px;letter-spacing:.04em}
header p{margin:4px 0 0;font-size:13px;opacity:.8}
main{padding:18px 28px;max-width:1800px}
table{border-collapse:collapse;background:#fffdf6}
th,td{border-bottom:1px solid #d8d0bc;padding:6px 10px;text-align:left;vertical-align:top;font-size:14px}
th{background:#e9e1cc}
td.n{text-align:right}
a{color:#173a73}
.blue{display:inline-block;width:11px;height:11px;background:#8fb3e0;border:2px solid #173a73;margin-right:4px}
.green{display:inline-block;width:11px;height:11px;background:#a3cf8f;border:1px dashed #1f5220;outline:1px solid #1f5220;outline-offset:1px;margin-right:5px}
.cols{display:flex;gap:28px;flex-wrap:wrap}
.cols section{flex:1 1 380px}
img.board{width:100%;height:auto;border:1px solid #2b2620;background:#fff;margin-top:12px}
.note{font-size:13px;color:#5c574c}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body><header><h1><a href="/">Tercio</a> — Musket &amp; Pike</h1><p>SPI, 1973, with the errata of 30 April 1973. The rules enforced; the game itself is at <a href="/">/</a>.</p></header>
<main>${body}</main></body></html>
`;
}

function indexPage(catalog: Catalog): string {
  const rows = catalog.scenarios.scenarios
    .map((s) => {
      const sum = scenarioSummary(s);
      return `<tr><td>${esc(s.id)}</td><td><a href="/scenario/${esc(s.slug)}">${esc(s.name)}</a>${
        s.subtitle ? `<br><span class="note">${esc(s.subtitle)}</span>` : ""
      }</td><td>${esc(s.date)}</td><td class="n">${s.complexity}</td><td>${esc(s.balance.text)}</td><td class="n">${
        s.gameLength
      }</td><td><span class="blue"></span>${esc(sum.firstPlayer)} (${sum.firstPlayerUnits})<br><span class="green"></span>${esc(
        sum.secondPlayer,
      )} (${sum.secondPlayerUnits})</td></tr>`;
    })
    .join("\n");
  return page(
    "Tercio: Musket & Pike scenarios",
    `<h2>The 18 scenarios</h2>
<table><thead><tr><th>Rule</th><th>Battle</th><th>Date</th><th>Complexity</th><th>Balance</th><th>Game-Turns</th><th>Forces (units)</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p class="note">Complexity runs from 1 (very simple) to 9 (very complex) (16.0). <a href="/map.svg">The bare map</a> · <a href="/api/scenarios">/api/scenarios</a> (JSON)</p>`,
  );
}

function scenarioPage(catalog: Catalog, s: Scenario, seed: number, zones: boolean): string {
  const players = s.players
    .map((p) => {
      const forces = p.forces
        .map((f) => {
          const where = deploymentHexes(catalog.map, f.deployment);
          return `<li>${f.id === "main" ? "" : `<b>(${esc(f.id)})</b> `}${esc(unitGroups(f.units))} — ${unitCount(
            f.units,
          )} units; ${f.deployment.kind === "enter" ? "enters" : "deploys"} ${esc(
            describeDeployment(f.deployment).replace(/^entering /, ""),
          )}${where ? ` <span class="note">(${esc(where)})</span>` : ""}</li>`;
        })
        .join("");
      return `<section><h3><span class="${p.colour}"></span>${p.side === "first" ? "First" : "Second"} Player: ${esc(
        p.name,
      )}</h3><p>Stacking ${p.stacking} per hex. <span class="note">As printed: ${esc(p.text)}</span></p><ul>${forces}</ul></section>`;
    })
    .join("");
  const list = (items: readonly string[]) => `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join("")}</ul>`;
  const svgUrl = `/scenario/${encodeURIComponent(s.slug)}.svg?seed=${seed}${zones ? "&zones=1" : ""}`;
  return page(
    `${s.name} (${s.id})`,
    `<h2>${esc(s.id)} ${esc(s.name)}${s.subtitle ? ` — ${esc(s.subtitle)}` : ""}</h2>
<p>${esc(s.date)} · ${esc(s.war)} · complexity ${s.complexity} · balance: ${esc(s.balance.text)} · ${s.gameLength} Game-Turns</p>
<div class="cols">${players}</div>
<div class="cols"><section><h3>Victory</h3><p>${esc(s.victory.text)}</p>
${s.specialRules.length > 0 ? `<h3>Special rules</h3>${list(s.specialRules.map((r) => SPECIAL_RULE_TEXT[r]))}` : ""}
${s.requiredOptionalRules.length > 0 ? `<p>Optional rules required: ${esc(s.requiredOptionalRules.join(", "))}.</p>` : ""}
${s.errata.length > 0 ? `<h3>Errata applied</h3>${list(s.errata)}` : ""}</section>
<section><h3>Historical note</h3><p>${esc(s.historicalNote)}</p></section></div>
<h3>Opening position after automatic deployment</h3>
<form method="get"><label>Seed <input name="seed" type="number" min="0" max="4294967295" value="${seed}"></label>
<label><input type="checkbox" name="zones" value="1"${zones ? " checked" : ""}> deployment zones</label> <button>Draw</button>
· <a href="${esc(svgUrl)}">SVG</a> · <a href="/scenarios">all scenarios</a></form>
<img class="board" src="${esc(svgUrl)}" alt="${esc(s.name)}: the map with both armies deployed">`,
  );
}

function parseSeedParam(value: string | null): number | undefined {
  if (value === null || value === "") return 1;
  if (!/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n <= 0xffffffff ? n : undefined;
}

/** The request handler: every answer is generated from the engine's bundled data, never read from disk. */
export function createHandler(
  catalog: Catalog,
  webRoot: string | undefined = defaultWebRoot(),
): (req: IncomingMessage, res: ServerResponse) => void {
  const web = webRoot !== undefined && hasWebApp(webRoot) ? webRoot : undefined;
  const cache = new Map<string, string>();
  const cached = (key: string, make: () => string): string => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    if (cache.size >= 64) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(key, value);
    return value;
  };
  const send = (res: ServerResponse, status: number, type: string, body: string, head: boolean) => {
    res.writeHead(status, {
      "content-type": `${type}; charset=utf-8`,
      "content-length": Buffer.byteLength(body),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'self'; style-src 'unsafe-inline'; img-src 'self'",
    });
    res.end(head ? undefined : body);
  };
  const site = web === undefined ? undefined : new StaticSite(web);
  const sendFile = (res: ServerResponse, answer: StaticAnswer, head: boolean) => {
    res.writeHead(answer.status, {
      ...answer.headers,
      "x-content-type-options": "nosniff",
      // The game: its own scripts, styles and worker; inline styles for React's style attributes; blob: for saved files.
      "content-security-policy":
        "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; worker-src 'self'",
    });
    res.end(head ? undefined : answer.body);
  };
  const notFound = (res: ServerResponse, head: boolean, what: string) =>
    send(
      res,
      404,
      "text/html",
      page("Not found", `<h2>Not found</h2><p>${esc(what)}</p><p><a href="/scenarios">All scenarios</a></p>`),
      head,
    );

  // Asynchronous for the web app's files (compressed once, on first request); every error is caught below.
  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const head = req.method === "HEAD";
    try {
      if (req.method !== "GET" && !head) {
        res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" });
        res.end("method not allowed\n");
        return;
      }
      const url = new URL(req.url ?? "/", "http://localhost");
      const path = decodeURIComponent(url.pathname);
      if (site && (path === "/" || path === "/index.html" || path.startsWith("/assets/"))) {
        const file = await site.answer(path === "/" ? "/index.html" : path, {
          acceptEncoding: req.headers["accept-encoding"],
          ifNoneMatch: req.headers["if-none-match"],
        });
        if (file) return sendFile(res, file, head);
      }
      if (path === "/" || path === "/scenarios")
        return send(
          res,
          200,
          "text/html",
          cached("/", () => indexPage(catalog)),
          head,
        );
      if (path === "/map.svg")
        return send(
          res,
          200,
          "image/svg+xml",
          cached("map", () => renderMap(catalog.map)),
          head,
        );
      if (path === "/api/scenarios")
        return send(
          res,
          200,
          "application/json",
          cached(
            "api",
            () => `${JSON.stringify(catalog.scenarios.scenarios.map(scenarioSummary), null, 2)}\n`,
          ),
          head,
        );
      const m = /^\/scenario\/([^/]+?)(\.svg)?$/.exec(path);
      if (m) {
        const scenario = findScenario(catalog.scenarios, m[1] ?? "");
        if (!scenario) return notFound(res, head, `There is no scenario "${m[1]}".`);
        const seed = parseSeedParam(url.searchParams.get("seed"));
        if (seed === undefined)
          return send(res, 400, "text/plain", "seed must be a whole number from 0 to 4294967295\n", head);
        const zones = url.searchParams.get("zones") === "1";
        if (m[2]) {
          const svg = cached(`${scenario.id}/${seed}/${zones}`, () => {
            const ctx = scenarioContext(catalog, scenario.id);
            return renderPosition(ctx, openingPosition(ctx, seed, [], "auto"), { zones });
          });
          return send(res, 200, "image/svg+xml", svg, head);
        }
        return send(res, 200, "text/html", scenarioPage(catalog, scenario, seed, zones), head);
      }
      return notFound(res, head, "Nothing is served here.");
    } catch (e) {
      const message = e instanceof UserError || e instanceof Error ? e.message : String(e);
      if (!res.headersSent) send(res, 500, "text/plain", `tercio could not answer: ${message}\n`, head);
      else res.end();
    }
  };
  return (req, res) => {
    void answer(req, res);
  };
}

/** Starts the server; resolves once it listens, rejects with a clear message when it cannot. */
export function startServer(
  catalog: Catalog,
  port: number,
  host: string,
  webRoot?: string,
): Promise<{ readonly server: Server; readonly url: string }> {
  return new Promise((resolve, reject) => {
    const server = createServer(createHandler(catalog, webRoot ?? defaultWebRoot()));
    server.once("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EADDRINUSE")
        reject(
          new UserError(
            `port ${port} on ${host} is already in use (is another tercio serve running?); choose another with --port`,
          ),
        );
      else if (e.code === "EACCES")
        reject(
          new UserError(`not allowed to listen on ${host}:${port}; choose a port above 1023 with --port`),
        );
      else if (e.code === "EADDRNOTAVAIL" || e.code === "ENOTFOUND")
        reject(new UserError(`cannot listen on ${host}: no such local address; try --host 127.0.0.1`));
      else reject(new UserError(`cannot listen on ${host}:${port}: ${e.message}`));
    });
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
      resolve({ server, url: `http://${shown}:${address.port}/` });
    });
  });
}

export function parsePort(text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    fail(`--port must be a number from 0 to 65535, not "${text}"`);
  return n;
}

/**
 * `tercio serve`: resolves with a result when it cannot start; otherwise the
 * server keeps running and this resolves with nothing once it listens.
 */
export async function serveCommand(
  options: ServeOptions,
  io: Io = nodeIo,
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<CommandResult | undefined> {
  let catalog: Catalog | undefined;
  let port = 0;
  const limits: Record<string, number> = {};
  let aiThreads = 1;
  let roomThreads = 0;
  let trustProxy: string[] = [];
  let allowedHosts: string[] = [];
  let leaseMs: number | undefined;
  const checked = run(() => {
    port = parsePort(options.port ?? "8173");
    catalog = loadCatalog(io, options);
    if (options.sync !== undefined && options.sync !== "FULL" && options.sync !== "NORMAL")
      fail(`--sync must be FULL or NORMAL, not "${options.sync}"`);
    if (options.sync === "NORMAL" && isPostgresUrl(options.db ?? DEFAULT_DB))
      fail("--sync NORMAL is for a SQLite file: PostgreSQL commits every action synchronously");
    aiThreads = positive("--ai-threads", options.aiThreads ?? "1");
    roomThreads = threadCount("--room-threads", options.roomThreads ?? "0");
    // A room thread loads the built-in rules data: with the user's, it would hash other positions than the room's.
    if (roomThreads > 0 && options.rules !== undefined)
      fail("--room-threads works with the built-in rules data only: leave out --rules, or --room-threads");
    const limit = (flag: string, key: string, value: string | undefined) => {
      if (value !== undefined) limits[key] = positive(flag, value);
    };
    limit("--games-per-hour", "gamesPerHour", options.gamesPerHour);
    limit("--messages-per-second", "messagesPerSecond", options.messagesPerSecond);
    limit("--message-burst", "messageBurst", options.messageBurst);
    limit("--address-messages-per-second", "addressMessagesPerSecond", options.addressMessagesPerSecond);
    if (limits.addressMessagesPerSecond !== undefined)
      limits.addressMessageBurst = 3 * limits.addressMessagesPerSecond;
    limit("--connections-per-address", "connectionsPerAddress", options.connectionsPerAddress);
    // A budget's burst is eight seconds of its rate: a joining client's snapshot and record go at once.
    limit("--send-bytes-per-second", "sendBytesPerSecond", options.sendBytesPerSecond);
    limit("--address-send-bytes-per-second", "addressSendBytesPerSecond", options.addressSendBytesPerSecond);
    limit("--max-buffered-bytes", "maxBufferedBytes", options.maxBufferedBytes);
    if (limits.sendBytesPerSecond !== undefined) limits.sendBurstBytes = 8 * limits.sendBytesPerSecond;
    if (limits.addressSendBytesPerSecond !== undefined)
      limits.addressSendBurstBytes = 8 * limits.addressSendBytesPerSecond;
    if (limits.maxBufferedBytes !== undefined)
      limits.lowWaterBytes = Math.max(1, Math.floor(limits.maxBufferedBytes / 16));
    limit("--max-connections", "maxConnections", options.maxConnections);
    limit("--http-connections-per-address", "httpConnectionsPerAddress", options.httpConnectionsPerAddress);
    limit("--headers-timeout", "headersTimeoutMs", options.headersTimeout);
    limit("--request-timeout", "requestTimeoutMs", options.requestTimeout);
    limit("--keep-alive-timeout", "keepAliveTimeoutMs", options.keepAliveTimeout);
    const headers = limits.headersTimeoutMs ?? DEFAULT_LIMITS.headersTimeoutMs;
    const request = limits.requestTimeoutMs ?? DEFAULT_LIMITS.requestTimeoutMs;
    if (headers > request)
      fail(`--headers-timeout (${headers} ms) must not be longer than --request-timeout (${request} ms)`);
    trustProxy = listed("--trust-proxy", options.trustProxy, trustedProxyProblem);
    allowedHosts = listed("--allowed-host", options.allowedHost, allowedHostProblem);
    if (options.nodeUrl !== undefined) {
      const why = nodeUrlProblem(options.nodeUrl);
      if (why !== undefined) fail(`--node-url "${options.nodeUrl}" is refused: ${why}`);
      if (!isPostgresUrl(options.db ?? DEFAULT_DB))
        fail("--node-url is for several servers over one PostgreSQL database: give --db postgres://... too");
    }
    if (options.lease !== undefined) {
      if (options.nodeUrl === undefined)
        fail("--lease is for several servers over one database: give --node-url too");
      leaseMs = positive("--lease", options.lease);
      if (leaseMs < 1000)
        fail(`--lease must be at least 1000 ms (it is renewed every quarter of it), not ${leaseMs}`);
    }
  });
  if (checked.exitCode !== 0 || !catalog) return checked;
  const webRoot = options.web ?? defaultWebRoot();
  const db = options.db ?? DEFAULT_DB;
  try {
    const server = await createGameServer({
      db,
      ...(options.sync === "NORMAL" || options.sync === "FULL" ? { synchronous: options.sync } : {}),
      // Every system with its own rules data; Musket & Pike with --rules when given.
      systems: new Map([...defaultSystems(), [MUSKET_AND_PIKE, musketAndPike(catalog)]]),
      limits,
      aiThreads,
      roomThreads,
      allowPrivateWebhooks: options.allowPrivateWebhooks === true,
      trustProxy,
      allowedHosts,
      ...(options.nodeUrl !== undefined ? { nodeUrl: options.nodeUrl } : {}),
      ...(leaseMs !== undefined ? { leaseMs } : {}),
      webRoot,
      fallback: createHandler(catalog, webRoot),
    });
    let url: string;
    try {
      url = await server.listen(port, options.host ?? "127.0.0.1");
    } catch (e) {
      await server.close();
      throw listenError(e, port, options.host ?? "127.0.0.1");
    }
    // Whatever escapes every handler is logged and the other games go on (see last-resort.ts).
    installLastResort((line) => process.stderr.write(`${line}\n`), server.state.stats);
    log(`Tercio is running at ${url}`);
    log(`Online games are stored in ${storeName(db)}.`);
    if (server.state.node !== undefined)
      log(
        `Sharing it with other servers as ${server.state.node} (a lease of ${leaseMs ?? DEFAULT_LEASE_MS} ms on each game held).`,
      );
    if (!hasWebApp(webRoot))
      log(
        `The browser game is not built (no ${webRoot}index.html): run "npm run build"; the scenario pages are served meanwhile.`,
      );
    log("Press Ctrl+C to stop.");
    const stop = () => {
      void server.close().finally(() => process.exit(0));
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    return undefined;
  } catch (e) {
    if (e instanceof UserError)
      return { stdout: "", stderr: `tercio: ${e.message}\n`, exitCode: EXIT_BAD_INPUT };
    // The database could not be reached or read: its own words, no stack.
    if (e instanceof StoreUnavailable)
      return { stdout: "", stderr: `tercio: ${e.message}\n`, exitCode: EXIT_BAD_INPUT };
    throw e;
  }
}

/** A flag's comma-separated entries (the flag may be given more than once), each checked by `problem`. */
function listed(
  flag: string,
  value: string | readonly string[] | undefined,
  problem: (entry: string) => string | undefined,
): string[] {
  const entries = (typeof value === "string" ? [value] : (value ?? []))
    .flatMap((v) => v.split(","))
    .map((e) => e.trim())
    .filter((e) => e !== "");
  for (const entry of entries) {
    const why = problem(entry);
    if (why !== undefined) fail(`${flag}: "${entry}" is refused: ${why}`);
  }
  return entries;
}

function positive(flag: string, text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) fail(`${flag} must be a whole number of at least 1, not "${text}"`);
  return n;
}

/** A number of threads, where 0 means none (the work stays on the main thread). */
function threadCount(flag: string, text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n > 64) fail(`${flag} must be a whole number from 0 to 64, not "${text}"`);
  return n;
}

function listenError(e: unknown, port: number, host: string): UserError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE")
    return new UserError(
      `port ${port} on ${host} is already in use (is another tercio serve running?); choose another with --port`,
    );
  if (code === "EACCES")
    return new UserError(`not allowed to listen on ${host}:${port}; choose a port above 1023 with --port`);
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return new UserError(`cannot listen on ${host}: no such local address; try --host 127.0.0.1`);
  return new UserError(`cannot listen on ${host}:${port}: ${e instanceof Error ? e.message : String(e)}`);
}
