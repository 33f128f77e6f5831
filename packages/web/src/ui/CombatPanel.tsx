import { type Action, type Assessment, assessAttack, type GameContext, type Position } from "@tercio/engine";
import type { Options } from "../game/interaction.js";
import { OddsPreview } from "./OddsPreview.js";

export interface CombatPanelProps {
  readonly ctx: GameContext;
  readonly position: Position;
  readonly options: Options | undefined;
  readonly pending: Action | undefined;
  readonly preview: Assessment | string | undefined;
  readonly selectedUnit: string | undefined;
  readonly onAction: (a: Action) => void;
  readonly onPending: (a: Action) => void;
  readonly onCancel: () => void;
}

/**
 * The combat phases: the allocation being considered with its odds preview,
 * then every declared attack with its odds and a button to resolve it, in any
 * order (6.3G); the retreat and advance decisions after combat (8.2, 8.3).
 */
export function CombatPanel(props: CombatPanelProps) {
  const { ctx, position, options, pending, preview } = props;
  const open = position.attacks.filter((a) => !a.resolved);
  const multi = props.selectedUnit
    ? (options?.allocations.get(props.selectedUnit) ?? []).filter(
        (a) => a.type === "attack" && a.targets.length > 1,
      )
    : [];
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
      {pending && (pending.type === "fire" || pending.type === "attack") && (
        <div className="pending">
          {typeof preview === "string" ? (
            <p className="error">{preview}</p>
          ) : (
            preview && (
              <OddsPreview
                a={preview}
                title={`${pending.unit} ${pending.type === "fire" ? "fires" : "attacks"}`}
              />
            )
          )}
          <button type="button" onClick={() => props.onAction(pending)} data-testid="allocate">
            {pending.type === "fire"
              ? `Allocate ${pending.unit} to fire`
              : `Declare ${pending.unit}'s attack`}
          </button>
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      )}
      {multi.length > 0 && (
        <div className="multi">
          <p>Attack several hexes at once (6.2F):</p>
          {multi.map((a) => (
            <button type="button" key={JSON.stringify(a)} onClick={() => props.onPending(a)}>
              {a.type === "attack" ? a.targets.join(" + ") : ""}
            </button>
          ))}
        </div>
      )}
      {open.length > 0 && (
        <div className="declared">
          <h4>Declared attacks — resolve in any order</h4>
          {open.map((atk) => {
            const key = atk.targets.join("+");
            const assess = assessAttack(ctx, position, {
              kind: atk.kind,
              attackers: atk.attackers,
              targets: atk.targets,
            });
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
