/**
 * Retrying at once when the page has reason to think the network is back:
 * the browser's `online` event (the network returned) and the page shown
 * again (a laptop opened, a tab brought forward, where timers were slowed
 * or paused), instead of waiting out the backoff.
 */
export function retryOnWake(
  connection: { retryNow(): boolean },
  win: EventTarget,
  doc: EventTarget & { readonly visibilityState: DocumentVisibilityState },
): () => void {
  const retry = () => {
    connection.retryNow();
  };
  const shown = () => {
    if (doc.visibilityState === "visible") connection.retryNow();
  };
  win.addEventListener("online", retry);
  doc.addEventListener("visibilitychange", shown);
  return () => {
    win.removeEventListener("online", retry);
    doc.removeEventListener("visibilitychange", shown);
  };
}
