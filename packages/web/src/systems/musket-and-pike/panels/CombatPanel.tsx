import {
  type Action,
  type Assessment,
  assessAttack,
  type GameContext,
  type Position,
} from "@tercio/musket-and-pike";
import { useMemo } from "react";
import { type PendingAllocation, targetsOf } from "../allocation.js";
import type { Options } from "../interaction.js";
import { OddsPreview } from "./OddsPreview.js";

export interface CombatPanelProps {
  readonly ctx: GameContext;
  readonly position: Position;
  readonly options: Options | undefined;
  /** The allocation being weighed: one unit's, or a group's (allocation.ts). */
  readonly pending: PendingAllocation | undefined;
  readonly preview: Assessment | string | undefined;
  readonly selectedUnit: string | undefined;
  /** The units selected together (a stack's top two, Shift-clicked or Shift-dragged stacks), the selected unit first. */
  readonly group: readonly string[];
  /** Why the selected unit has nothing to fire at or attack, in the engine's words (no-target.ts). */
  readonly noTarget?: string | undefined;
  readonly onAction: (a: Action) => void;
  readonly onPending: (a: Action) => void;
  /** Allocates what is being weighed. */
  readonly onCommit: () => void;
  readonly onCancel: () => void;
  /** Resolves every declared attack in turn, stopping for each decision it brings (8.2, 8.3). */
  readonly onResolveAll: () => void;
  /** Whether the declared attacks are being resolved one after another. */
  readonly resolvingAll: boolean;
  /** What the last resolution did, in words (the die, the result, its effects). */
  readonly lastResult: readonly string[];
}

/**
 * The combat phases: the allocation being considered with its odds preview,
 * then every declared attack with its odds and a button to resolve it, in any
 * order (6.3G); the retreat and advance decisions after combat (8.2, 8.3).
 */
export function CombatPanel(props: CombatPanelProps) {
  const { ctx, position, options, pending, preview } = props;
  const open = useMemo(() => position.attacks.filter((a) => !a.resolved), [position]);
  // Each declared attack weighed once per position (the panel re-renders on every hover of the map).
  const assessments = useMemo(
    () => open.map((atk) => assessAttack(ctx, position, atk)),
    [ctx, position, open],
  );
  const choices = props.selectedUnit ? (options?.allocations.get(props.selectedUnit) ?? []) : [];
  const pendingKey = pending?.actions.length === 1 ? JSON.stringify(pending.actions[0]) : "";
  const [lead] = pending?.actions ?? [];
  const units = (pending?.actions ?? []).flatMap((a) =>
    a.type === "fire" || a.type === "attack" ? [a.unit] : [],
  );
  const resolvable = open.filter((atk) => options?.resolvable.some((r) => r.target === atk.targets[0]));
  const d = position.decision;
  return (
    <section className="combat" aria-label="Combat" data-testid="combat">
      <h3>
        {position.phase === "fire"
          ? "Fire Combat"
          : position.phase === "melee"
            ? "Melee Combat"
            : "After combat"}
      </h3>
      {props.lastResult.length > 0 && (
        <div className="last-result" data-testid="last-result" role="status">
          <h4>Result</h4>
          <ul>
            {props.lastResult.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {d?.kind === "advance" && options && (
        <div className="decision" data-testid="advance">
          <p>
            Advance into {d.into} (8.3){d.capture?.length ? `, capturing ${d.capture.join(", ")} (15.0)` : ""}
            :
          </p>
          {options.advances.map((a) => (
            <button type="button" key={a.units.join()} onClick={() => props.onAction(a)}>
              {a.units.length ? `Advance ${a.units.join(" and ")}` : "Stay"}
            </button>
          ))}
        </div>
      )}
      {d?.kind === "retreat" && (
        <p className="decision">
          Retreat of {d.units.join(", ")} from {d.from}: choose a highlighted hex on the map (8.2).
        </p>
      )}
      {lead && (lead.type === "fire" || lead.type === "attack") && (
        <div className="pending">
          {typeof preview === "string" ? (
            <p className="error">{preview}</p>
          ) : (
            preview && (
              <OddsPreview
                a={preview}
                title={`${units.join(", ")} ${lead.type === "fire" ? "fire" : "attack"}${units.length === 1 ? "s" : ""} ${targetsOf(lead).join(" + ")}`}
              />
            )
          )}
          <button type="button" onClick={props.onCommit} data-testid="allocate">
            {lead.type === "fire"
              ? `Allocate ${units.join(", ")} to fire`
              : `Declare ${units.length === 1 ? `${units[0]}'s attack` : `the attack of ${units.join(", ")}`}`}
          </button>
          <span className="hint"> (or click the target again)</span>
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      )}
      {props.noTarget && props.selectedUnit && (
        <p className="no-target error" data-testid="no-target">
          {props.selectedUnit} has no target: {props.noTarget}
        </p>
      )}
      {props.group.length > 1 && !pending && (
        <p className="hint" data-testid="combat-group">
          Selected together: {props.group.join(", ")}. Click a target to weigh the attack of all that can make
          it, then click it again to allocate them.
        </p>
      )}
      {choices.length > 0 && props.group.length < 2 && (
        <div className="choices" data-testid="allocation-choices">
          <p>
            {props.selectedUnit} may {position.phase === "fire" ? "fire at" : "attack"} (or pick a highlighted
            hex):
          </p>
          {choices.map((a) => (
            <button
              type="button"
              key={JSON.stringify(a)}
              aria-pressed={JSON.stringify(a) === pendingKey}
              className={JSON.stringify(a) === pendingKey ? "picked" : ""}
              onClick={() => props.onPending(a)}
            >
              {allocationWords(a, position.phase)}
            </button>
          ))}
        </div>
      )}
      {open.length > 0 && (
        <div className="declared">
          <h4>Declared attacks — resolve in any order</h4>
          {resolvable.length > 1 && (
            <button
              type="button"
              onClick={props.onResolveAll}
              disabled={props.resolvingAll}
              data-testid="resolve-all"
            >
              {props.resolvingAll
                ? "Resolving…"
                : `Resolve all ${resolvable.length} (roll for each, in this order)`}
            </button>
          )}
          {open.map((atk, i) => {
            const key = atk.targets.join("+");
            const assess = assessments[i];
            if (!assess) return null;
            const target = atk.targets[0] ?? "";
            const canResolve = options?.resolvable.some((r) => r.target === target) ?? false;
            return (
              <div key={key} className="declared-attack" data-testid={`attack-${key}`}>
                {assess.ok ? (
                  <OddsPreview a={assess.value} />
                ) : (
                  <p className="error">{assess.error.message}</p>
                )}
                <p>
                  {atk.attackers.map((u) => (
                    <span key={u} className="attacker">
                      {u}
                      {options?.withdrawable.has(u) && (
                        <button
                          type="button"
                          onClick={() => props.onAction({ type: "withdraw", unit: u })}
                          aria-label={`Withdraw ${u}`}
                        >
                          ×
                        </button>
                      )}{" "}
                    </span>
                  ))}
                </p>
                <button
                  type="button"
                  disabled={!canResolve}
                  onClick={() => props.onAction({ type: "resolve", target })}
                  data-testid={`resolve-${key}`}
                >
                  Resolve (roll the die)
                </button>
              </div>
            );
          })}
        </div>
      )}
      {!pending && open.length === 0 && !d && (
        <p className="hint">Select one of your units, then a highlighted target.</p>
      )}
    </section>
  );
}

/** An allocation as a button says it: "Fire at 1407", "Caracolla fire at 1407 (11.0)", "Melee 1407 + 1408 (6.2F)". */
function allocationWords(a: Action, phase: Position["phase"]): string {
  if (a.type === "fire")
    return phase === "melee" ? `Caracolla fire at ${a.target} (11.0)` : `Fire at ${a.target}`;
  if (a.type === "attack") return `Melee ${a.targets.join(" + ")}${a.targets.length > 1 ? " (6.2F)" : ""}`;
  return a.type;
}
