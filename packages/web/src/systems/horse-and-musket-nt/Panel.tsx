import {
  blockWords,
  type ChargePlan,
  describeEvent,
  fractionText,
  type GameEvent,
  inchesText,
  PreviewJudge,
  type ProgramOp,
  rallyRefusal,
  type ShotPlan,
  SIDES,
  type SightWorking,
  type UnitSide,
  type UnitState,
  type WorkingStep,
} from "@tercio/horse-and-musket-nt";
import { useState } from "react";
import { TICK } from "../tabletop/frame.js";
import { meterWords, programWords } from "./draft.js";
import type { Props } from "./table-props.js";
import type { Draft } from "./useDraft.js";
import { unitLine } from "./words.js";

interface PanelProps {
  readonly props: Props;
  readonly selected: string | undefined;
  readonly unit: UnitState | undefined;
  readonly mine: boolean;
  readonly draft: Draft;
  readonly road: boolean;
  readonly onRoad: (on: boolean) => void;
  readonly fireTargets: readonly string[];
  readonly shotTarget: string | undefined;
  readonly onShotTarget: (t: string) => void;
  readonly shot:
    | { readonly error: string }
    | {
        readonly plan: ShotPlan;
        readonly faces: readonly { face: number; hits: number; steps: WorkingStep[] }[];
      }
    | undefined;
  readonly reachable: readonly [string, ChargePlan][];
  readonly sight: SightWorking | undefined;
  readonly sightOn: boolean;
  readonly onSightSide: (s: UnitSide | undefined) => void;
}

const ticksOf = (inches: string) => Math.round(Number(inches) * TICK);

/** The side panel: the selected unit and what it may do now, line of sight, the last action's working, then the shell's part. */
export function Panel(p: PanelProps) {
  const { ctx, position } = p.props;
  const { selected, unit } = p;
  const actions = position.phase === "actions";
  return (
    <aside className="side-panel hm11-panel">
      {selected && unit ? (
        <section data-testid="unit-panel" aria-label="Selected unit">
          <h3>{unitLine(ctx, position, selected)}</h3>
          {p.mine && actions && unit.acted === "none" && <Untouched {...p} id={selected} />}
          {p.mine && actions && unit.acted === "rolled" && <MoveSection {...p} id={selected} />}
          {p.mine && position.phase === "rallies" && <RallySection {...p} id={selected} />}
        </section>
      ) : (
        <p className="hm11-key">Select a unit (click it, or Tab to it and press Enter).</p>
      )}
      {p.sightOn && <SightSection {...p} />}
      <LastAction {...p} />
      {p.props.aside}
    </aside>
  );
}

/** A unit that has not acted: fire (1.1), roll its move (1.2) or reform (Maneuvering ii). */
function Untouched(p: PanelProps & { readonly id: string }) {
  const { perform } = p.props;
  const [formation, setFormation] = useState("");
  const [dx, setDx] = useState("0");
  const [dy, setDy] = useState("0");
  const shot = p.shot;
  return (
    <>
      <section data-testid="fire-section" aria-label="Fire">
        <h4>Fire (1.1)</h4>
        {p.fireTargets.length === 0 && <p>No Unit in Line of Sight, Front Arc and Range.</p>}
        {p.fireTargets.length > 1 && (
          <p>
            1.1 A: equally close and forward, name the target:{" "}
            {p.fireTargets.map((t) => (
              <button
                key={t}
                type="button"
                data-testid={`fire-option-${t}`}
                aria-pressed={p.shotTarget === t}
                onClick={() => p.onShotTarget(t)}
              >
                {t}
              </button>
            ))}
          </p>
        )}
        {shot && "error" in shot && <p className="hm11-refusal">{shot.error}</p>}
        {shot && "plan" in shot && (
          <div data-testid="fire-preview">
            <p>
              at {shot.plan.target.id}
              {shot.plan.split
                ? ` and ${shot.plan.split.id} (1.1 A: mutually Protected, the Hits divided)`
                : ""}
              , {shot.plan.target.band}
            </p>
            <table className="hm11-faces">
              <caption>Hits for each face of Dx, the modifiers in sequence</caption>
              <thead>
                <tr>
                  <th scope="col">Die</th>
                  <th scope="col">Hits</th>
                  <th scope="col">Working</th>
                </tr>
              </thead>
              <tbody>
                {shot.faces.map((f, i) => (
                  // The d6's faces repeat on the average die.
                  // biome-ignore lint/suspicious/noArrayIndexKey: faces may repeat
                  <tr key={i}>
                    <td>{f.face}</td>
                    <td>{f.hits}</td>
                    <td style={{ textAlign: "left" }}>
                      {f.steps.map((s) => `${s.text} (${s.rule}) ${fractionText(s.num, s.den)}`).join(" → ")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button
              type="button"
              data-testid="fire"
              onClick={() =>
                perform({
                  type: "fire",
                  unit: p.id,
                  ...(p.fireTargets.length > 1 ? { target: shot.plan.target.id } : {}),
                })
              }
            >
              Fire
            </button>
          </div>
        )}
      </section>
      <section aria-label="Move">
        <h4>Move (1.2)</h4>
        <button
          type="button"
          data-testid="roll-move"
          onClick={() => perform({ type: "roll-move", unit: p.id })}
        >
          Roll the move (Dx)
        </button>
      </section>
      <section aria-label="Reform">
        <h4>Reform (Maneuvering ii: 2" in any direction, into or out of column)</h4>
        <div className="hm11-move-form">
          <label>
            Formation
            <select
              data-testid="reform-formation"
              value={formation}
              onChange={(e) => setFormation(e.target.value)}
            >
              <option value="">as it is</option>
              <option value="line">line</option>
              <option value="column">column</option>
              <option value="skirmish">skirmish</option>
            </select>
          </label>
          <label>
            East, inches
            <input
              data-testid="reform-dx"
              type="number"
              step="0.25"
              value={dx}
              onChange={(e) => setDx(e.target.value)}
            />
          </label>
          <label>
            North, inches
            <input
              data-testid="reform-dy"
              type="number"
              step="0.25"
              value={dy}
              onChange={(e) => setDy(e.target.value)}
            />
          </label>
          <button
            type="button"
            data-testid="reform"
            onClick={() =>
              perform({
                type: "reform",
                unit: p.id,
                dx: ticksOf(dx),
                dy: ticksOf(dy),
                ...(formation ? { formation: formation as "line" | "column" | "skirmish" } : {}),
              })
            }
          >
            Reform
          </button>
        </div>
      </section>
    </>
  );
}

/** A rolled unit: the move drawn or typed, with checkMove's metering; a charge; a fall back. */
function MoveSection(p: PanelProps & { readonly id: string }) {
  const { perform } = p.props;
  const d = p.draft;
  const [inches, setInches] = useState("1");
  const [degrees, setDegrees] = useState("15");
  const add = (op: ProgramOp) => d.setProgram([...d.program, op]);
  const check = d.check;
  const column = p.unit?.formation === "column";
  return (
    <>
      <section data-testid="move-section" aria-label="Move">
        <h4>Move (1.2): drag the base ahead, or a front corner to wheel on the other</h4>
        <p data-testid="move-readout" aria-live="polite">
          {d.ops.length === 0
            ? "No move drawn yet."
            : `${programWords(d.ops)}; longest corner ${meterWords(d.travel, d.limit)}${d.doubled ? '; double move (1.2: begins and remains over 12" from all enemy Units)' : ""}${check && !check.keepsBonus && check.legal ? "; the Bonus lost" : ""}`}
        </p>
        {d.meters.length > 0 && (
          <ul data-testid="corner-meters" className="hm11-key">
            {d.meters.map((m) => (
              <li key={m.name} data-over={m.travel > m.limit}>
                {{ fl: "front left", fr: "front right", rl: "rear left", rr: "rear right" }[m.name]}:{" "}
                {meterWords(m.travel, m.limit)}
                {m.travel > m.limit ? " — over the allowance" : ""}
              </li>
            ))}
          </ul>
        )}
        {check?.error && (
          <p data-testid="move-refusal" className="hm11-refusal" role="alert">
            {check.error.message}
          </p>
        )}
        {d.rollOffs.length > 0 && (
          <p data-testid="move-roll-offs">
            Too close to call (Grey Areas), a roll-off will decide: {d.rollOffs.join("; ")}
          </p>
        )}
        <div className="hm11-move-form">
          <label>
            Inches
            <input
              data-testid="move-inches"
              type="number"
              step="0.25"
              min="0.25"
              value={inches}
              onChange={(e) => setInches(e.target.value)}
            />
          </label>
          <button
            type="button"
            data-testid="add-advance"
            onClick={() =>
              add({ op: p.road && column ? "road" : "advance", ticks: Math.max(1, ticksOf(inches)) })
            }
          >
            {p.road && column ? "Along the road" : "Ahead"}
          </button>
          <label>
            Degrees
            <input
              data-testid="wheel-degrees"
              type="number"
              step="1"
              min="1"
              max="180"
              value={degrees}
              onChange={(e) => setDegrees(e.target.value)}
            />
          </label>
          <button
            type="button"
            data-testid="wheel-left"
            onClick={() => add({ op: "wheel", corner: "left", cdeg: Math.round(Number(degrees) * 100) })}
          >
            Wheel left
          </button>
          <button
            type="button"
            data-testid="wheel-right"
            onClick={() => add({ op: "wheel", corner: "right", cdeg: Math.round(Number(degrees) * 100) })}
          >
            Wheel right
          </button>
          {column && (
            <label className="hm11-toggle">
              <input
                type="checkbox"
                data-testid="road-toggle"
                checked={p.road}
                onChange={(e) => p.onRoad(e.target.checked)}
              />{" "}
              By road (Terrain vi)
            </label>
          )}
        </div>
        <button
          type="button"
          data-testid="commit-move"
          disabled={!check?.legal}
          onClick={() => perform({ type: "move", unit: p.id, program: [...d.ops] })}
        >
          Move
        </button>
        <button
          type="button"
          data-testid="cancel-move"
          disabled={d.ops.length === 0}
          onClick={() => d.setProgram([])}
        >
          Clear the move
        </button>
        <button
          type="button"
          data-testid="fall-back"
          onClick={() => perform({ type: "fall-back", unit: p.id })}
        >
          Fall back (Maneuvering iii)
        </button>
        {p.unit?.type === "cavalry" && (
          <button
            type="button"
            data-testid="fall-back-keep"
            onClick={() => perform({ type: "fall-back", unit: p.id, keepFacing: true })}
          >
            Fall back facing the enemy
          </button>
        )}
      </section>
      {p.reachable.length > 0 && (
        <section data-testid="charge-section" aria-label="Charge">
          <h4>Charge (Charging i–iii)</h4>
          <ul>
            {p.reachable.map(([t, plan]) => (
              <li key={t}>
                <button
                  type="button"
                  data-testid={`charge-${t}`}
                  onClick={() => perform({ type: "charge", unit: p.id, target: t })}
                >
                  Charge {t}
                </button>{" "}
                into its {plan.side}, {inchesText(Math.floor(Math.sqrt(plan.d2)))} of {inchesText(plan.reach)}
                , {plan.touching.replace("-", " to ")} contact
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function RallySection(p: PanelProps & { readonly id: string }) {
  const { ctx, position } = p.props;
  const why = rallyRefusal(ctx, position, p.id, new PreviewJudge(position.settled));
  return (
    <section data-testid="rally-section" aria-label="Rally">
      <h4>Routs and Rallies (3)</h4>
      {why ? (
        <p data-testid="rally-refusal" className="hm11-refusal">
          {why.message}
        </p>
      ) : (
        <button
          type="button"
          data-testid="rally"
          onClick={() => p.props.perform({ type: "rally", unit: p.id })}
        >
          Rally (roll Dx, remove half that many Hits)
        </button>
      )}
    </section>
  );
}

function SightSection(p: PanelProps) {
  const { ctx } = p.props;
  const w = p.sight;
  return (
    <section data-testid="sight-section" aria-label="Line of sight">
      <h4>Line of Sight</h4>
      {!w ? (
        <p>Select a unit, then click a unit it looks at.</p>
      ) : (
        <>
          <label>
            Side{" "}
            <select
              data-testid="sight-side"
              value={w.side}
              onChange={(e) => p.onSightSide(e.target.value as UnitSide)}
            >
              {SIDES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <p data-testid="sight-words" aria-live="polite">
            {w.viewer} to {w.target}'s {w.side}: {w.seen} of {w.parts.length} parts seen;{" "}
            {w.visible
              ? "half the side is visible (Line of Sight II)"
              : `not visible${w.why ? `: ${w.why}` : ""}`}
          </p>
          <ol className="hm11-key">
            {w.parts.map((q, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the side's parts in order
              <li key={i}>
                {q.seen
                  ? "seen"
                  : !q.inArc
                    ? "out of the Front Arc"
                    : q.block
                      ? blockWords(ctx, q.block)
                      : "not seen"}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function stepsList(steps: readonly WorkingStep[], testid: string) {
  return (
    <ol data-testid={testid} className="hm11-modifiers">
      {steps.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the sequence's steps in order
        <li key={i}>
          {s.text} <cite>({s.rule})</cite>: {fractionText(s.num, s.den)}
        </li>
      ))}
    </ol>
  );
}

/** The last action in force, its dice and decisions: roll-offs with their dice, every shot's and melee's modifiers in sequence. */
function LastAction(p: PanelProps) {
  const { ctx, history } = p.props;
  const last = history[history.length - 1];
  if (!last) return null;
  const shown = last.events.filter((e) => e.type !== "die-rolled");
  return (
    <section data-testid="last-action" aria-label="The last action">
      <h4>Last action</h4>
      <ul className="hm11-key">
        {shown.map((e: GameEvent, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the action's events in order
          <li key={i} data-event={e.type}>
            {e.type === "roll-off" ? (
              <div data-testid="roll-off" data-winner={e.winner} data-answer={e.answer}>
                <strong>Too close to call (Grey Areas):</strong> {e.question} Dice{" "}
                {e.rounds.map(([a, b]) => `${a}–${b}`).join(", ")}: {ctx.scenario.sides[e.winner].name} win,
                so {e.answer ? "yes" : "no"}.
              </div>
            ) : e.type === "fired" ? (
              <div>
                {describeEvent(ctx, { ...e, steps: [] })?.replace(/: ; /, ": ")}
                {stepsList(e.steps, "fire-working")}
              </div>
            ) : e.type === "melee" ? (
              <div>
                {e.unit} against {e.target} ({e.side}): {e.hits} Hits
                {stepsList(e.steps, "melee-working")}
              </div>
            ) : (
              describeEvent(ctx, e)
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
