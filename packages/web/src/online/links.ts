import { GAME_ID_PATTERN, TOKEN_PATTERN } from "@tercio/protocol";

/**
 * Seat and spectator links: `<origin>/#/online/<gameId>/<token>`. The token
 * lives in the fragment, which browsers never send to the server (nor put in
 * a Referer), so it reaches the server only in the WebSocket hello and the
 * Authorization header, never in a logged URL.
 */
export interface OnlineLink {
  /** 16 url-safe characters ("Vq3x-7_aB0cD9eFg"). */
  readonly game: string;
  /** 43 url-safe characters: a seat's or the spectators' secret. */
  readonly token: string;
}

const PREFIX = "#/online/";

/** The fragment for a link, with its leading "#": "#/online/<game>/<token>". */
export function formatOnlineHash(link: OnlineLink): string {
  return `${PREFIX}${link.game}/${link.token}`;
}

/** The link in a location's fragment ("#/online/…", with or without "#"), or undefined if it is not one. */
export function parseOnlineHash(hash: string): OnlineLink | undefined {
  const h = hash.startsWith("#") ? hash : `#${hash}`;
  if (!h.startsWith(PREFIX)) return undefined;
  const parts = h.slice(PREFIX.length).split("/");
  // A trailing slash is forgiven (mail clients add them); anything more is not a link of ours.
  if (parts.length === 3 && parts[2] === "") parts.pop();
  if (parts.length !== 2) return undefined;
  const [game = "", token = ""] = parts;
  return GAME_ID_PATTERN.test(game) && TOKEN_PATTERN.test(token) ? { game, token } : undefined;
}

/** The full URL to hand to a player: the site's origin and the server's path ("/#/online/…"). */
export function linkUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}

/** The fragment of a link path or URL the server gave ("/#/online/…"), to navigate to it in this page. */
export function hashOf(pathOrUrl: string): string | undefined {
  const i = pathOrUrl.indexOf("#");
  if (i < 0) return undefined;
  const link = parseOnlineHash(pathOrUrl.slice(i));
  return link ? formatOnlineHash(link) : undefined;
}
