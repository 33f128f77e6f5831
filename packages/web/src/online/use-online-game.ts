import type { AnySystem } from "@tercio/core";
import { useEffect, useState } from "react";
import { INITIAL_STATE, OnlineConnection, type OnlineState } from "./connection.js";
import type { OnlineLink } from "./links.js";
import { socketUrl } from "./socket.js";
import { retryOnWake } from "./wake.js";

/**
 * An online game's connection for a React component: opened once the
 * game's system is known (the lobby names it), closed on unmount or when
 * the link changes. The component re-renders when the connection's state changes.
 *
 * Plain state, not useSyncExternalStore: a burst of events (an AI's whole
 * Player-Turn arrives at once) then makes one render instead of one
 * synchronous render per message, which also kept React's nested-update
 * guard from tripping over the effects each render runs.
 */
export function useOnlineGame(
  link: OnlineLink,
  /** The game's rule system; undefined until the lobby has answered. */
  system: AnySystem | undefined,
  /** Changed to open a fresh connection after one closed for good (the player's "Reconnect"). */
  session = 0,
): { readonly state: OnlineState; readonly connection: OnlineConnection | undefined } {
  const [connection, setConnection] = useState<OnlineConnection>();
  const [state, setState] = useState<OnlineState>(INITIAL_STATE);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session means a new connection
  useEffect(() => {
    if (!system) return;
    const c = new OnlineConnection({ url: socketUrl(location), game: link.game, token: link.token, system });
    const off = c.subscribe(() => setState(c.getState()));
    setConnection(c);
    setState(c.getState());
    c.start();
    const stopWaking = retryOnWake(c, window, document);
    return () => {
      stopWaking();
      off();
      c.close();
      setConnection(undefined);
      setState(INITIAL_STATE);
    };
  }, [link.game, link.token, system, session]);
  return { state, connection };
}
