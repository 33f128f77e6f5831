import type { ServerResponse } from "node:http";
import { MAX_CLIENT_MESSAGE_BYTES } from "@tercio/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { checkHost, type HostPolicy, type HostVerdict } from "./host-check.js";

/**
 * Headers on every HTTP answer. They are set on the raw response as the
 * request arrives, so that they are there whoever answers: a route, the
 * error handler, the not-found handler, or the CLI's scenario pages, which
 * write to the raw response themselves. An answer that sets its own
 * content-security-policy (the web app's files, the scenario pages) keeps it.
 */
const EDGE_HEADERS = {
  // A JSON error is never run as a script or shown as HTML, whatever it holds.
  "x-content-type-options": "nosniff",
  // Seat links carry their token in the fragment; no URL of ours goes anywhere else either.
  "referrer-policy": "no-referrer",
  // JSON answers load nothing and are framed by nobody.
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
} as const;

export function setEdgeHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(EDGE_HEADERS)) res.setHeader(name, value);
}

/** Our own words for each refusal: nothing from the request is echoed back. */
const REFUSALS: Record<Exclude<HostVerdict, "ok">, { status: number; message: string }> = {
  "unknown-host": {
    status: 421,
    message: "this server does not answer to that host name; its host may allow it with --allowed-host",
  },
  "foreign-origin": { status: 403, message: "requests from another site's pages are refused" },
};

function refuse(reply: FastifyReply, verdict: Exclude<HostVerdict, "ok">): FastifyReply {
  const { status, message } = REFUSALS[verdict];
  return reply
    .code(status)
    .header("connection", "close")
    .send({ error: { code: verdict, message } });
}

/**
 * What a 4xx error may say. Fastify's own messages can quote the request
 * (its content type, a URL component, a fragment of the body in a JSON
 * parser's message), so none of them is passed on.
 */
const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "send the body as application/json",
  FST_ERR_CTP_BODY_TOO_LARGE: `the body is over ${MAX_CLIENT_MESSAGE_BYTES} bytes`,
  FST_ERR_CTP_EMPTY_JSON_BODY: "the body is empty",
  FST_ERR_CTP_INVALID_JSON_BODY: "the body is not valid JSON",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "the body's length does not match its Content-Length",
  FST_ERR_BAD_URL: "the URL could not be read",
  FST_ERR_MAX_PARAM_LENGTH: "the URL is too long",
};

interface HttpError {
  readonly statusCode?: number;
  readonly code?: string;
  readonly message: string;
}

function sendError(error: HttpError, reply: FastifyReply, log: (line: string) => void): FastifyReply {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) log(`HTTP error: ${error.message}`);
  const message =
    status === 500
      ? "internal error"
      : (CLIENT_ERRORS[error.code ?? ""] ??
        (error instanceof SyntaxError ? CLIENT_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY : undefined) ??
        "the request could not be read");
  return reply.code(status).send({ error: { code: status === 500 ? "internal" : "bad-request", message } });
}

/**
 * Errors Fastify meets before any hook runs (a URL that cannot be decoded):
 * passed as its `frameworkErrors` option, so that these too get the headers,
 * the Host check and a message of ours instead of Fastify's, which quotes the URL.
 */
export function frameworkErrors(policy: HostPolicy, log: (line: string) => void) {
  return (error: HttpError, request: FastifyRequest, reply: FastifyReply): void => {
    setEdgeHeaders(reply.raw);
    const verdict = checkHost(request.headers, policy);
    if (verdict !== "ok") refuse(reply, verdict);
    else sendError(error, reply, log);
  };
}

/** The Host and Origin check, the headers and the error handler, for every HTTP request. */
export function registerHttpEdge(
  app: FastifyInstance,
  policy: HostPolicy,
  log: (line: string) => void,
): void {
  app.addHook("onRequest", async (request, reply) => {
    setEdgeHeaders(reply.raw);
    const verdict = checkHost(request.headers, policy);
    if (verdict !== "ok") return refuse(reply, verdict);
    return undefined;
  });
  app.setErrorHandler((error: HttpError, _request, reply) => sendError(error, reply, log));
}
