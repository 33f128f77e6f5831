import type { Ctx } from "@tercio/horse-and-musket-ch11";
import type { KeyboardEvent } from "react";
import { homeView, panStep, type ViewBox, zoomCentre } from "../tabletop/frame.js";
import { type ChargeAim, stepAim } from "./charge-aim.js";
import { keyCommand } from "./keys.js";
import { isEmpty } from "./program.js";
import { type RulerState, rulerKey } from "./ruler-keys.js";
import type { Tool } from "./table-props.js";
import type { MoveDrafting } from "./useMoveDraft.js";

/** What the table's keys act on: its state and the ways to change it. */
export interface TableKeys {
  readonly ctx: Ctx;
  readonly tool: Tool;
  readonly view: ViewBox;
  readonly setView: (v: ViewBox) => void;
  readonly ruler: RulerState;
  readonly setRuler: (r: RulerState) => void;
  readonly announce: (text: string) => void;
  readonly move: MoveDrafting;
  readonly selected: string | undefined;
  readonly aim: ChargeAim | undefined;
  readonly canAim: (target: string) => boolean;
  readonly setAimTurn: (aim: ChargeAim) => void;
  readonly limit: number;
  readonly pick: (id: string | undefined) => void;
  readonly select: (id: string | undefined) => void;
  readonly shotTarget: string | undefined;
  readonly shoot: (target: string) => void;
}

/**
 * The table's keyboard: with the ruler tool the arrows move its cursor and
 * Enter sets its ends; with a charge target focused Left/Right turn the
 * charge 5º; otherwise keyCommand's zoom, pan and move steps, Enter to pick
 * the focused unit or commit, Escape to cancel.
 */
export function tableKey(e: KeyboardEvent<SVGSVGElement>, k: TableKeys) {
  if (e.ctrlKey || e.metaKey) return;
  if (k.tool === "ruler") {
    const r = rulerKey(k.ruler, e, k.ctx.table);
    if (r) {
      e.preventDefault();
      k.setRuler(r.state);
      k.announce(r.words);
      return;
    }
  }
  const focused = (e.target as Element).getAttribute?.("data-unit-focus") ?? undefined;
  if (
    (e.key === "ArrowLeft" || e.key === "ArrowRight") &&
    !e.shiftKey &&
    focused &&
    focused !== k.selected &&
    k.canAim(focused)
  ) {
    e.preventDefault();
    const from = k.aim?.target === focused ? k.aim : { target: focused, turn: 0 };
    k.setAimTurn(stepAim(from, e.key === "ArrowRight" ? 1 : -1, k.limit));
    return;
  }
  const { move } = k;
  const cmd = keyCommand(e, move.moving !== undefined);
  if (!cmd) return;
  e.preventDefault();
  switch (cmd.kind) {
    case "zoom":
      return k.setView(zoomCentre(k.view, k.ctx.table, cmd.dir > 0 ? 1.25 : 0.8));
    case "home":
      return k.setView(homeView(k.ctx.table));
    case "pan":
      return k.setView(panStep(k.view, cmd.dx, cmd.dy));
    case "leg":
      return move.step(cmd.dir);
    case "pivot":
      return move.turn(cmd.dir);
    case "escape":
      if (move.draft && !isEmpty(move.draft)) {
        move.reset();
        return k.announce("move cancelled");
      }
      return k.select(undefined);
    case "enter":
      if (focused && focused !== k.selected) return k.pick(focused);
      if (move.moving && !isEmpty(move.moving)) return move.commit();
      if (k.shotTarget) return k.shoot(k.shotTarget);
      if (focused) return k.pick(focused);
  }
}
