import { lookup } from "node:dns/promises";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { parseIp } from "./ip-address.js";
import { addressRefusal } from "./webhook-guard.js";

/** A host name's addresses, in the order to try them (only the first is used). */
export type Resolver = (host: string) => Promise<readonly { readonly address: string }[]>;

export interface PostOptions {
  /** Lift the address policy (a server on a home network; tests). The connection is still resolve-once. */
  readonly allowPrivate?: boolean;
  readonly resolve?: Resolver;
  /** For everything: resolving, connecting, sending, the answer. */
  readonly timeoutMs?: number;
}

export const WEBHOOK_TIMEOUT_MS = 5000;
/** Our note is a few hundred bytes; anything bigger is a bug, not a note. */
export const MAX_WEBHOOK_BODY = 2048;

const systemResolver: Resolver = (host) => lookup(host, { all: true });

/**
 * POSTs a JSON body to a webhook. The host is resolved once, every address
 * it has is checked (one refused address refuses the webhook: a name that
 * mixes public and private answers is not trusted), and the connection goes
 * to the first address, the one checked: the request's own `lookup` answers
 * with it, so no second resolution can give another (DNS rebinding). The URL
 * keeps its host name, so the Host header and TLS (SNI and the certificate
 * check) are still about the name. No redirects: a 3xx is a failure.
 */
export async function postWebhook(url: string, body: string, options: PostOptions = {}): Promise<void> {
  const ms = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(ms);
  const size = Buffer.byteLength(body);
  if (size > MAX_WEBHOOK_BODY) throw new Error(`the note is ${size} bytes, over ${MAX_WEBHOOK_BODY}`);
  const target = new URL(url);
  if (target.protocol !== "http:" && target.protocol !== "https:")
    throw new Error("not an http or https URL");
  try {
    const address = await untilAborted(deadline, webhookAddress(target.hostname, options));
    await send(target, address, body, deadline);
  } catch (e) {
    throw deadline.aborted ? new Error(`no answer within ${ms} ms`) : e;
  }
}

/**
 * The address to connect to for a URL's host name, once every address the
 * name has passed the policy; throws with the reason otherwise. The URL
 * parser leaves an IPv4 literal in dotted decimal and an IPv6 one in
 * brackets; those are not resolved.
 */
export async function webhookAddress(hostname: string, options: PostOptions = {}): Promise<string> {
  const literal = hostname.startsWith("[") ? hostname.slice(1, -1) : isIP(hostname) === 4 ? hostname : "";
  const found = literal
    ? [literal]
    : (await (options.resolve ?? systemResolver)(hostname)).map((a) => a.address);
  // Lifting the policy still needs a plain address to connect to.
  const refusalOf = (a: string) => (options.allowPrivate && parseIp(a) ? undefined : addressRefusal(a));
  for (const address of found) {
    const refusal = refusalOf(address);
    if (refusal) throw new Error(`refused: ${refusal}; ${ONLY_PUBLIC}`);
  }
  const [first] = found;
  if (first === undefined) throw new Error("the webhook's host has no address");
  return first;
}

const ONLY_PUBLIC =
  "webhooks reach only public addresses unless the server is started with --allow-private-webhooks";

function send(target: URL, address: string, body: string, signal: AbortSignal): Promise<void> {
  const family = isIP(address);
  // Node asks for a list when it may race address families (autoSelectFamily).
  const pinned: LookupFunction = (_host, opts, callback) => {
    if (opts.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        lookup: pinned,
        agent: false,
        signal,
      },
      (res) => {
        // The answer's body is not wanted: drained and dropped (the deadline still bounds it).
        res.on("error", () => {});
        res.resume();
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else if (status >= 300 && status < 400) reject(new Error(`HTTP ${status}: a redirect, not followed`));
        else reject(new Error(`HTTP ${status}`));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function untilAborted<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = () => reject(signal.reason);
    if (signal.aborted) return stop();
    signal.addEventListener("abort", stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}
