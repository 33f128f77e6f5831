import type { Action, GameContext, Position, UnitId } from "@tercio/musket-and-pike";
import { useMemo, useState } from "react";
import { targetHexes } from "./allocation.js";
import { formationReach, isFormation, planFormation } from "./formation.js";
import { anyReach, checkedReach, groupMoves, planGroupMove } from "./group-move.js";
import { destinationsOf, movesOf, type Options } from "./interaction.js";
import {
  groupMoveWords,
  groupTargetWords,
  refusedWords,
  selectedWords,
  selectionWords,
  targetWords,
} from "./move-words.js";
import { whyNoTarget } from "./no-target.js";

export interface GroupHost {
  readonly ctx: GameContext;
  readonly position: Position;
  readonly human: boolean;
  readonly options: Options | undefined;
  readonly selectedUnit: UnitId | undefined;
  readonly setSelectedUnit: (unit: UnitId | undefined) => void;
  readonly setPending: (pending: undefined) => void;
  readonly roadMode: boolean;
  readonly unlimber: boolean;
  readonly setUnlimber: (v: boolean) => void;
  readonly performAll: (actions: readonly Action[]) => boolean;
  readonly tell: (text: string, kind: "error" | "info") => void;
  readonly announce: (text: string) => void;
}

/**
 * The board's group of units moving together (group-move.ts): the group
 * itself, the selected unit first; its moves and the hexes all of it (or any
 * of it) can reach; what a selection says; and the group's move to a hex.
 * The group holds only while it starts with the selected unit, so that any
 * other way of selecting a unit (the inspector, the tray) selects it alone.
 */
export function useGroup(host: GroupHost) {
  const { ctx, position, human, options, selectedUnit, roadMode, unlimber } = host;
  const [group, setGroup] = useState<readonly UnitId[]>([]);
  // A group in several hexes keeps its places (formation.ts) unless the player asks for one hex.
  const [keepFormation, setKeepFormation] = useState(true);
  const members: readonly UnitId[] =
    selectedUnit === undefined ? [] : group[0] === selectedUnit ? group : [selectedUnit];
  const membersKey = members.join();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the group by its members' ids
  const grouped = useMemo(() => {
    if (!human || position.phase !== "movement" || members.length < 2) return undefined;
    const each = groupMoves(ctx, position, members);
    const spread = isFormation(position, members);
    if (spread && keepFormation) {
      const reach = formationReach(ctx, position, members, each);
      return { each, common: reach.all, any: reach.any, formation: true, spread };
    }
    return {
      each,
      common: checkedReach(ctx, position, members, each, { roadMode, unlimber }),
      any: anyReach(each),
      formation: false,
      spread,
    };
  }, [ctx, position, membersKey, human, roadMode, unlimber, keepFormation]);

  const select = (units: readonly UnitId[]) => {
    host.setSelectedUnit(units[0]);
    setGroup(units);
    host.setPending(undefined);
  };

  /** What the live region says of a selection: the unit(s) and how many hexes they reach, or why they have no target. */
  const said = (units: readonly UnitId[]): string => {
    const [u] = units;
    if (position.phase === "movement") {
      const one = (id: UnitId) => {
        const m = movesOf(ctx, position, id);
        return typeof m === "string" ? undefined : destinationsOf(m).size;
      };
      const prefs = { roadMode, unlimber };
      if (units.length > 1 && keepFormation && isFormation(position, units)) {
        const reach = formationReach(ctx, position, units, groupMoves(ctx, position, units));
        return selectionWords(ctx, position, units, reach.all.size, true);
      }
      const reach =
        units.length > 1
          ? checkedReach(ctx, position, units, groupMoves(ctx, position, units), prefs).size
          : u
            ? one(u)
            : undefined;
      return selectionWords(ctx, position, units, reach);
    }
    if (!u) return selectionWords(ctx, position, units, undefined);
    if (position.phase !== "fire" && position.phase !== "melee") return selectedWords(ctx, position, u);
    if (units.length > 1) return groupTargetWords(units, targetHexes(options, units).size);
    const why = options?.allocations.has(u) ? undefined : whyNoTarget(ctx, position, u);
    return targetWords(ctx, position, u, options?.allocations.get(u)?.length ?? 0, why);
  };

  /** Selects these units and says so. */
  const selectAndSay = (units: readonly UnitId[]) => {
    select(units);
    host.announce(said(units));
  };

  /** The group's move to `hex`: each unit the engine lets go there moves; the others stay selected, with the reason. */
  const moveTo = (hex: string) => {
    const prefs = { roadMode, unlimber };
    const plan = grouped?.formation
      ? planFormation(ctx, position, members, hex, prefs, grouped.each)
      : planGroupMove(ctx, position, members, hex, prefs, grouped?.each);
    if (plan.actions.length === 0) {
      host.tell(refusedWords(plan.refused), "error");
      return;
    }
    if (!host.performAll(plan.actions)) return;
    select(plan.refused.map((r) => r.unit));
    host.setUnlimber(false);
    host.tell(plan.refused.length > 0 ? refusedWords(plan.refused) : "", "info");
    host.announce(groupMoveWords(ctx, plan.position, hex, plan.moved, plan.refused));
  };

  /** Why the selected unit has no target in a combat phase, in the engine's words (no-target.ts). */
  const noTarget = useMemo(
    () =>
      human && selectedUnit && (position.phase === "fire" || position.phase === "melee") && !position.decision
        ? options?.allocations.has(selectedUnit)
          ? undefined
          : whyNoTarget(ctx, position, selectedUnit)
        : undefined,
    [ctx, position, selectedUnit, human, options],
  );

  return {
    members,
    grouped,
    select,
    selectAndSay,
    clear: () => setGroup([]),
    moveTo,
    noTarget,
    keepFormation,
    setKeepFormation,
  };
}
