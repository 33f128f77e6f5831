import {
  atPose,
  type ChargeOption,
  type HandToHandWorking,
  type UnitState,
} from "@tercio/horse-and-musket-ch11";
import { TICK } from "../tabletop/frame.js";
import type { ChargeAim } from "./charge-aim.js";
import { AimHandle, RulerCursor } from "./Handles.js";
import { aimRadius, ringRadius } from "./hit-test.js";
import {
  ChargePathShape,
  FireShapes,
  Ghost,
  PivotRing,
  RefusalMark,
  RulerShape,
  TargetMark,
} from "./Overlays.js";
import { isEmpty } from "./program.js";
import type { RulerState } from "./ruler-keys.js";
import { GridLayer, TerrainLayer } from "./TerrainLayer.js";
import type { Props } from "./table-props.js";
import type { Charges } from "./targets.js";
import { FocusableUnits } from "./UnitLayer.js";
import type { MoveDrafting } from "./useMoveDraft.js";
import { WorkingShapes } from "./WorkingView.js";
import type { Working } from "./working.js";

interface GeometryProps {
  readonly props: Props;
  readonly grid: boolean;
  readonly selected: string | undefined;
  readonly unit: UnitState | undefined;
  readonly move: MoveDrafting;
  readonly charges: Charges;
  readonly aim: ChargeAim | undefined;
  readonly aimed: ChargeOption | undefined;
  readonly focusTarget: string | undefined;
  readonly targets: readonly string[];
  readonly shotTarget: string | undefined;
  readonly fights: readonly HandToHandWorking[];
  readonly working: Working | undefined;
  readonly ruler: RulerState;
  readonly rulerTool: boolean;
  readonly onFocusUnit: (id: string) => void;
}

/** Everything drawn in table coordinates (the flipped group), each shape the engine's. */
export function TableGeometry(g: GeometryProps) {
  const { ctx, position } = g.props;
  const { unit, move, aim, aimed } = g;
  const { moving, preview } = move;
  const ghostUnit = unit && preview && moving && !isEmpty(moving) ? atPose(unit, preview.ghost) : undefined;
  return (
    <>
      <TerrainLayer ctx={ctx} />
      {g.grid && <GridLayer ctx={ctx} />}
      {unit && (position.phase === "shooting" || !ghostUnit) && (
        <FireShapes ctx={ctx} unit={unit} testId="field-of-fire" />
      )}
      {ghostUnit && <FireShapes ctx={ctx} unit={ghostUnit} testId="ghost-field-of-fire" faint />}
      <FocusableUnits ctx={ctx} position={position} selected={g.selected} onFocus={g.onFocusUnit} />
      {position.contacts.map((c) => {
        const a = position.units[c.attacker];
        const d = position.units[c.defender];
        return a && d ? (
          <line
            key={c.attacker}
            data-contact={c.side}
            x1={a.x}
            y1={a.y}
            x2={d.x}
            y2={d.y}
            stroke="#c8231b"
            strokeWidth={TICK / 8}
            strokeDasharray={`${TICK / 3} ${TICK / 6}`}
          />
        ) : null;
      })}
      {g.fights.map((w) => {
        const attacker = position.units[w.attacker];
        return w.retreat && attacker ? (
          <g
            key={`r-${w.attacker}`}
            data-testid={`retreat-${w.attacker}`}
            data-travel={w.retreat.travel}
            pointerEvents="none"
          >
            <Ghost pose={w.retreat.to} unit={attacker} refused={w.retreat.stop !== undefined} />
          </g>
        ) : null;
      })}
      {unit &&
        g.charges.reach.map((o) => {
          const target = position.units[o.target];
          // The aimed target shows the path at the chosen turn instead.
          if (!target || o.target === aim?.target) return null;
          return (
            <ChargePathShape
              key={o.target}
              testId={`charge-target-${o.target}`}
              unit={unit}
              charge={o}
              target={target}
              strong={o.target === g.focusTarget}
            />
          );
        })}
      {unit && aim && aimed?.ok && position.units[aim.target] && (
        <ChargePathShape
          testId={`charge-target-${aim.target}`}
          unit={unit}
          charge={aimed}
          target={position.units[aim.target] as UnitState}
          strong
        />
      )}
      {unit && aim && (
        <AimHandle
          charger={unit}
          turn={aim.turn}
          limit={ctx.rules.data.chargeTurnLimit}
          radius={aimRadius(unit)}
          reach={ctx.rules.data.unitTypes[unit.type].allowance}
          refused={aimed !== undefined && !aimed.ok}
        />
      )}
      {g.targets.map((t) => {
        const target = position.units[t];
        return target ? (
          <TargetMark key={t} testId={`shot-target-${t}`} unit={target} chosen={t === g.shotTarget} />
        ) : null;
      })}
      {unit && preview && moving && ghostUnit && (
        <Ghost pose={preview.ghost} unit={unit} refused={preview.refusal !== undefined} path={preview.path} />
      )}
      {unit && moving && (
        <PivotRing
          testId="pivot-handle"
          centre={unit}
          facing={unit.facing + moving.startPivot}
          radius={ringRadius(unit)}
        />
      )}
      {unit && moving && preview && moving.leg !== 0 && (
        <PivotRing
          testId="pivot-handle-end"
          centre={preview.ghost}
          facing={preview.ghost.facing}
          radius={ringRadius(unit)}
        />
      )}
      {g.props.refusal && (g.props.refusal.unit || g.props.refusal.point) && (
        <RefusalMark
          unit={g.props.refusal.unit ? position.units[g.props.refusal.unit] : undefined}
          point={g.props.refusal.point}
        />
      )}
      {g.working && <WorkingShapes working={g.working} />}
      {g.ruler.ruler && <RulerShape a={g.ruler.ruler.a} b={g.ruler.ruler.b} />}
      {g.rulerTool && <RulerCursor at={g.ruler.cursor} />}
    </>
  );
}
