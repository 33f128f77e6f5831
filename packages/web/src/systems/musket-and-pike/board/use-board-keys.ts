import { useEffect, useRef } from "react";
import { type BoardCommand, boardCommand } from "../board-keys.js";

export interface BoardKeyHandlers {
  readonly nextUnit: () => void;
  readonly endPhase: () => void;
  readonly lastMoves: () => void;
  readonly lineOfSight: () => void;
}

const HANDLER: Record<BoardCommand, keyof BoardKeyHandlers> = {
  "next-unit": "nextUnit",
  "end-phase": "endPhase",
  "last-moves": "lastMoves",
  "line-of-sight": "lineOfSight",
};

/** The board's letter keys (board-keys.ts) on the whole page, with the latest handlers of each render. */
export function useBoardKeys(handlers: BoardKeyHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target instanceof HTMLElement || e.target instanceof SVGElement ? e.target : null;
      const command = boardCommand({
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        repeat: e.repeat,
        target: t
          ? { tagName: t.tagName, isContentEditable: t instanceof HTMLElement && t.isContentEditable }
          : null,
      });
      if (!command) return;
      e.preventDefault();
      latest.current[HANDLER[command]]();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
