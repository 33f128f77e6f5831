import {
  allowanceOf,
  type ChargeOption,
  type HandToHandWorking,
  type ShotWorking,
  type UnitState,
  unitWords,
} from "@tercio/horse-and-musket-ch11";
import { ChargePanel } from "./ChargePanel.js";
import type { ChargeAim } from "./charge-aim.js";
import { FightPanel } from "./FightPanel.js";
import { MovePanel } from "./MovePanel.js";
import { firstShotRefusal, SidesKey, SquareButtons } from "./PanelParts.js";
import { ShotPanel } from "./ShotPanel.js";
import type { Props } from "./table-props.js";
import type { Charges } from "./targets.js";
import type { MoveDrafting } from "./useMoveDraft.js";
import { WorkingList } from "./WorkingView.js";
import type { Working } from "./working.js";

interface PanelProps {
  readonly props: Props;
  readonly selected: string | undefined;
  readonly unit: UnitState | undefined;
  readonly mine: boolean;
  readonly move: MoveDrafting;
  readonly charges: Charges;
  readonly aim: ChargeAim | undefined;
  readonly aimed: ChargeOption | undefined;
  readonly onAim: (target: string, turn?: number) => void;
  readonly onCharge: (target: string) => void;
  readonly focusTarget: string | undefined;
  readonly shooting: boolean;
  readonly shot: ShotWorking | undefined;
  readonly targets: readonly string[];
  readonly shotTarget: string | undefined;
  readonly onTarget: (t: string) => void;
  readonly onShoot: () => void;
  readonly fights: readonly HandToHandWorking[];
  /** Shown when "show working" is on: what is being looked at, and the last action resolved. */
  readonly working: Working | undefined;
  readonly last: Working | undefined;
}

/** The side panel: the selected unit, its move, charges or shots, the fights, the working, then the shell's part. */
export function SidePanel(p: PanelProps) {
  const { ctx, position } = p.props;
  const { selected, unit, move } = p;
  const movement = position.phase === "movement";
  return (
    <aside className="side-panel hm11-panel">
      <SidesKey ctx={ctx} />
      {selected && unit ? (
        <section data-testid="unit-panel" aria-label="Selected unit">
          <h3>{unitWords(ctx, position, selected)}</h3>
          {p.mine && movement && (
            <SquareButtons ctx={ctx} position={position} id={selected} perform={p.props.perform} />
          )}
        </section>
      ) : (
        <p className="hint">Click a unit, or Tab to it and press Enter.</p>
      )}
      {move.moving && unit && (
        <MovePanel
          draft={move.moving}
          preview={move.preview}
          stopped={move.stopped}
          allowance={allowanceOf(ctx, unit.type, false)}
          onTyped={move.typed}
          onRoad={move.road}
          onCommit={move.commit}
          onCancel={move.reset}
        />
      )}
      {p.mine &&
        movement &&
        unit &&
        ctx.rules.data.unitTypes[unit.type].canCharge &&
        unit.acted === "none" && (
          <ChargePanel
            charges={p.charges}
            focus={p.focusTarget}
            aim={p.aim}
            aimed={p.aimed}
            limit={ctx.rules.data.chargeTurnLimit}
            onFocus={(t) => p.onAim(t)}
            onAim={p.onAim}
            onCharge={p.onCharge}
          />
        )}
      {p.shooting && selected && (
        <ShotPanel
          shooter={selected}
          working={p.shot}
          targets={p.targets}
          target={p.shotTarget}
          refusal={p.targets.length === 0 ? firstShotRefusal(ctx, position, selected) : undefined}
          onTarget={p.onTarget}
          onShoot={p.onShoot}
        />
      )}
      <FightPanel fights={p.fights} />
      {p.working && <WorkingList working={p.working} />}
      {p.last && <WorkingList working={p.last} testId="working-last" />}
      {p.props.aside}
    </aside>
  );
}
