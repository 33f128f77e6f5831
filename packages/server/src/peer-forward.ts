import type { FastifyReply, FastifyRequest } from "fastify";
import { RELAYED_HEADER } from "./peer-relay.js";

/** Milliseconds the owner has to answer a forwarded request. */
const FORWARD_MS = 10_000;

/** The owner's headers passed back to the client. */
const ANSWER_HEADERS = ["content-type", "retry-after"] as const;

/**
 * Passes a game API request to the process that holds the game (several
 * over one database) and its answer back. The URL is the owner's (a URL a
 * server wrote about itself) and the route's own path with the checked
 * game id: nothing of the client's request line is used. The client's
 * address goes as X-Forwarded-For, believed where this process is trusted.
 */
export async function forwardToOwner(
  owner: string,
  path: string,
  request: FastifyRequest,
  reply: FastifyReply,
  clientAddress: string,
): Promise<FastifyReply> {
  const headers: Record<string, string> = { [RELAYED_HEADER]: "1" };
  if (clientAddress !== "") headers["x-forwarded-for"] = clientAddress;
  const authorization = request.headers.authorization;
  if (authorization !== undefined) headers.authorization = authorization;
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  if (hasBody) headers["content-type"] = "application/json";
  let answer: Response;
  let body: Buffer;
  try {
    answer = await fetch(new URL(path, owner), {
      method: request.method,
      headers,
      ...(hasBody ? { body: JSON.stringify(request.body ?? null) } : {}),
      redirect: "manual",
      signal: AbortSignal.timeout(FORWARD_MS),
    });
    body = Buffer.from(await answer.arrayBuffer());
  } catch {
    return reply
      .code(503)
      .header("retry-after", "1")
      .send({
        error: {
          code: "busy",
          message: "the server process holding this game cannot be reached: try again shortly",
        },
      });
  }
  reply.code(answer.status);
  for (const name of ANSWER_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) reply.header(name, value);
  }
  return reply.send(body);
}
