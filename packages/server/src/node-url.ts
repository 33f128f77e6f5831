/**
 * A server process's name when several share one database: the URL its
 * peers reach it at (`http://10.0.0.5:8173`). Peers relay clients to it, so
 * it is checked once, at start: an http or https origin, nothing more.
 */

/** Why `text` cannot name this process to its peers, or undefined if it can. */
export function nodeUrlProblem(text: string): string | undefined {
  const notUrl = "not a URL: give the address other servers reach this one at, as http://host:port";
  // "localhost:8173" would parse as a URL of the scheme "localhost:".
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return notUrl;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return notUrl;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return `a ${url.protocol.replace(/:$/, "")} URL: only http:// and https:// are served`;
  if (url.username !== "" || url.password !== "") return "a URL with a user or password in it";
  if (url.hostname === "") return "a URL without a host";
  if (url.pathname !== "/" || url.search !== "" || url.hash !== "")
    return "a URL with a path, query or fragment: give only scheme, host and port (http://host:port)";
  if (["0.0.0.0", "[::]"].includes(url.hostname))
    return `${url.hostname} is where a server listens, not an address another can reach it at`;
  return undefined;
}

/** The node URL as stored and compared: its origin (`http://10.0.0.5:8173`). Throws on a URL nodeUrlProblem refuses. */
export function nodeUrl(text: string): string {
  const problem = nodeUrlProblem(text);
  if (problem !== undefined) throw new Error(`--node-url "${text}" is refused: ${problem}`);
  return new URL(text).origin;
}
