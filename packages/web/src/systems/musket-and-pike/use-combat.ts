import type { Action, Assessment, GameContext, Position, UnitId } from "@tercio/musket-and-pike";
import { useEffect, useMemo, useRef, useState } from "react";
import { assessPending, type PendingAllocation, targetHexes } from "./allocation.js";
import type { Options } from "./interaction.js";
import { allocatedWords, refusedWords } from "./move-words.js";

export interface CombatHost {
  readonly ctx: GameContext;
  readonly position: Position;
  readonly human: boolean;
  readonly options: Options | undefined;
  /** The units selected: one, or a group allocated together (allocation.ts). */
  readonly members: readonly UnitId[];
  readonly pending: PendingAllocation | undefined;
  readonly setPending: (pending: PendingAllocation | undefined) => void;
  readonly perform: (action: Action) => boolean;
  readonly performAll: (actions: readonly Action[]) => boolean;
  readonly tell: (text: string, kind: "error" | "info") => void;
  readonly announce: (text: string) => void;
  /** Called when an allocation has been made: the selection is spent. */
  readonly done: () => void;
}

/**
 * The board's combat phases: the hexes the selection may fire at or attack,
 * the odds of the allocation being weighed, committing it, and "Resolve
 * all", which resolves each declared attack in turn (one die roll an
 * action, as the rules resolve them one by one, 6.3G), waits for each
 * retreat or advance it brings (8.2, 8.3), and stops at a new phase.
 */
export function useCombat(host: CombatHost) {
  const { ctx, position, human, options, members, pending } = host;
  const membersKey = members.join();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the group by its members' ids
  const targets = useMemo(() => targetHexes(options, members), [membersKey, options]);

  const preview: Assessment | string | undefined = useMemo(
    () => (pending ? assessPending(ctx, position, pending) : undefined),
    [pending, ctx, position],
  );

  /** The allocation weighed, committed: each unit's fire or attack action, in turn. */
  const commit = () => {
    if (!pending || !host.performAll(pending.actions)) return;
    const units = pending.actions.flatMap((a) => (a.type === "fire" || a.type === "attack" ? [a.unit] : []));
    const [first] = pending.actions;
    host.announce(first ? allocatedWords(units, first) : "");
    host.tell(pending.refused.length > 0 ? refusedWords(pending.refused, "not allocated") : "", "info");
    host.setPending(undefined);
    host.done();
  };

  const [resolvingAll, setResolvingAll] = useState(false);
  const resolvedAt = useRef<Position | undefined>(undefined);
  const turnKey = `${position.gameTurn}/${position.phasing}/${position.phase}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new phase ends the run
  useEffect(() => setResolvingAll(false), [turnKey]);
  const { perform } = host;
  useEffect(() => {
    if (!resolvingAll || !human || !options || position.decision || resolvedAt.current === position) return;
    const next = options.resolvable[0];
    if (!next) {
      setResolvingAll(false);
      return;
    }
    // Once per position: online, the next resolution waits for the server's answer to this one.
    resolvedAt.current = position;
    if (!perform(next)) setResolvingAll(false);
  }, [resolvingAll, position, options, human, perform]);

  return { targets, preview, commit, resolvingAll, resolveAll: () => setResolvingAll(true) };
}
