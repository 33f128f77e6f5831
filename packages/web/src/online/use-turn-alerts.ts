import { useEffect, useRef, useState } from "react";

export type NotifyPermission = NotificationPermission | "unsupported";

function currentPermission(): NotifyPermission {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/**
 * Tells a player whose game runs in a background tab that it is their turn:
 * the tab's title always, a system notification when they allowed it. Only
 * a change to "your turn" notifies, not opening the page on it.
 */
export function useTurnAlerts(
  myTurn: boolean,
  idleTitle: string,
  body: string,
): { readonly permission: NotifyPermission; readonly ask: () => void } {
  const [permission, setPermission] = useState<NotifyPermission>(currentPermission);
  const was = useRef(myTurn);

  useEffect(() => {
    document.title = myTurn ? "● Your turn — Tercio" : idleTitle;
  }, [myTurn, idleTitle]);

  useEffect(() => {
    const became = myTurn && !was.current;
    was.current = myTurn;
    if (!became || !document.hidden || currentPermission() !== "granted") return;
    const n = new Notification("Tercio: your turn", { body, tag: "tercio-turn" });
    // Clicking it brings the game's tab forward.
    n.onclick = () => {
      window.focus();
      n.close();
    };
  }, [myTurn, body]);

  const ask = () => {
    if (typeof Notification === "undefined") return;
    void Notification.requestPermission().then(setPermission);
  };
  return { permission, ask };
}
