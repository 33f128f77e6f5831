import {
  type Action,
  type Ctx,
  describeEvent,
  type EngageAction,
  type GameEvent,
  inchesText,
  type MoveOp,
  type Position,
  sideName,
  traitsOf,
  type UnitState,
  unitName,
} from "@tercio/plucky-pikes";
import { useState } from "react";
import { TICK } from "../tabletop/frame.js";
import type { OfficerAction } from "./choices.js";
import type { MoveDraft } from "./draft.js";
import { costedWords, opWords, stepPose, withTeamPlaced } from "./draft.js";
import { ranksWords, unitPicture } from "./figures.js";
import type { Props } from "./table-props.js";
import { teamPlaceWords, teamPointFrom, teamWords } from "./team-words.js";
import { clockOf, clockWords, fractionWords, opCost, pivotWords, rateOf, urtOf } from "./urt.js";
import { armyScores, doings, OFFICER_RANKS, officerLine, traitsLine, unitLine } from "./words.js";

interface PanelProps {
  readonly props: Props;
  readonly legal: readonly Action[];
  /** The units each officer of the side moving may join. */
  readonly joins: readonly OfficerAction[];
  /** The orders the selected unit forms. */
  readonly formations: readonly string[];
  readonly selected: string | undefined;
  readonly unit: UnitState | undefined;
  readonly canMove: boolean;
  readonly moving: boolean;
  readonly firing: boolean;
  readonly draft: MoveDraft;
  readonly engages: readonly EngageAction[];
  /** The targets only a charge that falls short is open against (Formations: "charged and not reached its objective"). */
  readonly shortOf: ReadonlySet<string>;
  readonly engageTarget: string | undefined;
  readonly onEngageTarget: (t: string | undefined) => void;
  readonly fireOptions: readonly Extract<Action, { type: "fire" }>[];
  readonly onSelect: (id: string | undefined) => void;
  /** Placing the selected gun's horse team by a click on the table. */
  readonly placingTeam: boolean;
  readonly onPlacingTeam: (on: boolean) => void;
}

const ticksOf = (inches: string) => Math.round(Number(inches) * TICK);

/** The side panel: a counter roll waiting, the selected unit and what it may do, fire, officers, melees, the tally; then the shell's part. */
export function Panel(p: PanelProps) {
  const { ctx, position } = p.props;
  const { selected, unit } = p;
  return (
    <aside className="side-panel hm11-panel pp-panel">
      {position.reaction && <CounterRoll {...p} />}
      {selected && unit ? (
        <section data-testid="unit-panel" aria-label="Selected unit">
          <h3>
            {selected} {unitName(ctx, selected)}
          </h3>
          <UnitDetails ctx={ctx} position={position} id={selected} u={unit} />
          {p.canMove && <MoveSection {...p} id={selected} u={unit} />}
          {p.canMove && p.engages.length > 0 && <EngageSection {...p} id={selected} />}
        </section>
      ) : (
        <p className="hm11-key">Select a unit (click it, or Tab to it and press Enter).</p>
      )}
      {(position.part === "fire-1" || position.part === "fire-2") && <FireStep {...p} />}
      {p.moving && <OfficerSection {...p} />}
      {position.melees.length > 0 && <MeleeList ctx={ctx} position={position} />}
      <OffTable ctx={ctx} position={position} />
      {position.result && <Tally {...p} />}
      <LastAction {...p} />
      {p.props.aside}
    </aside>
  );
}

function UnitDetails({ ctx, position, id, u }: { ctx: Ctx; position: Position; id: string; u: UnitState }) {
  const pic = unitPicture(ctx, id, u);
  const team = teamWords(ctx, id, u);
  return (
    <dl className="pp-details" data-testid="unit-details">
      <dt>Side</dt>
      <dd>{sideName(ctx, u.side)}</dd>
      <dt>Formation</dt>
      <dd data-testid="unit-formation">
        {u.formation}
        {u.dismounted ? ", dismounted (on foot as bowmen)" : ""}
      </dd>
      <dt>{traitsOf(ctx, id).arm === "guns" ? "Points" : "Ranks, front first"}</dt>
      <dd data-testid="unit-ranks">{ranksWords(pic)}</dd>
      {team && (
        <>
          <dt>Horse team</dt>
          <dd data-testid="unit-team" data-points={u.team?.points ?? 0}>
            {team.replace(/^horse team /, "")}
          </dd>
        </>
      )}
      <dt>Morale</dt>
      <dd data-testid="unit-level">
        {u.level}
        {u.disordered ? ", disordered" : ""}
        {u.muddle > 0 ? ", muddled" : ""}
        {u.flagLost ? ", flag lost" : ""}
      </dd>
      <dt>URT clock</dt>
      <dd data-testid="unit-clock">{clockWords(clockOf(ctx, id, u)).replace("URT clock: ", "")}</dd>
      <dt>Leaders lost</dt>
      <dd data-testid="unit-leaders">{u.leadersLost}</dd>
      <dt>Class and arms</dt>
      <dd>{traitsLine(ctx, id, u)}</dd>
      <dt>This turn</dt>
      <dd data-testid="unit-doings">{doings(ctx, position, id).join("; ") || "nothing yet"}</dd>
    </dl>
  );
}

/** A unit that has not moved: its move as a program of activities, drawn or typed, checked by the engine. */
function MoveSection(p: PanelProps & { readonly id: string; readonly u: UnitState }) {
  const { ctx, perform } = p.props;
  const d = p.draft;
  const base = d.program.reduce<UnitState>((u, op) => stepPose(ctx, p.id, u, op), p.u);
  // What it is after the activities set: dismounted horse archers move and form as foot.
  const t = traitsOf(ctx, p.id, base);
  const horseArchers = ctx.units[p.id]?.missile === "horse-bow";
  const [inches, setInches] = useState("1");
  const [end, setEnd] = useState<"left" | "right">("left");
  const [degrees, setDegrees] = useState("30");
  const orders = p.formations;
  const others = orders.filter((f) => f !== base.formation);
  const [formation, setFormation] = useState(others[0] ?? "");
  const chosenFormation = others.includes(formation) ? formation : (others[0] ?? "");
  const add = (op: MoveOp) => d.setProgram([...d.program, op]);
  const cdeg = Math.round(Number(degrees) * 100);
  const pivotOk = Number.isFinite(cdeg) && cdeg !== 0 && Math.abs(cdeg) <= 18000;
  const pv = d.preview;
  const rate = rateOf(ctx, t, base.formation);
  const canPivot =
    base.formation !== "hedgehog" && base.formation !== "skirmish" && base.formation !== "unlimbered";
  const formCost = chosenFormation
    ? opCost(ctx, t, base, { op: "form", formation: chosenFormation })
    : undefined;
  return (
    <section data-testid="move-section" aria-label="Move">
      <h4>Move (Movement)</h4>
      <p className="hm11-key">
        {rate > 0
          ? `${inchesText(rate)} a move in ${base.formation}`
          : `a unit in ${base.formation} does not advance`}
        ; a URT is {fractionWords(urtOf(ctx, t))} of its move ({t.class}). Drag the base to advance, a front
        corner to pivot about the other end, or type the activities.
      </p>
      <p data-testid="move-readout" aria-live="polite">
        {!pv
          ? "No move drawn yet."
          : `${costedWords(d.ops, pv.costs)}; ${pv.legal ? `the engine: ${((pv.used ?? 0) / 1000).toFixed(2)} of its move` : `${fractionWords(pv.total)} of its move in the open`}`}
      </p>
      {pv?.error && (
        <p data-testid="move-refusal" className="hm11-refusal" role="alert">
          {pv.error.message}
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
          disabled={rate === 0}
          onClick={() => add({ op: "advance", ticks: Math.max(1, ticksOf(inches)) })}
        >
          Advance
        </button>
      </div>
      {canPivot && (
        <div className="hm11-move-form">
          <label>
            End that stays
            <select
              data-testid="pivot-end"
              value={end}
              onChange={(e) => setEnd(e.target.value as "left" | "right")}
            >
              <option value="left">left end</option>
              <option value="right">right end</option>
            </select>
          </label>
          <label>
            Degrees (negative: back)
            <input
              data-testid="pivot-degrees"
              type="number"
              step="1"
              min="-180"
              max="180"
              value={degrees}
              onChange={(e) => setDegrees(e.target.value)}
            />
          </label>
          <button
            type="button"
            data-testid="add-pivot"
            disabled={!pivotOk}
            onClick={() => add({ op: "pivot", end, cdeg })}
          >
            Pivot
          </button>
          <span data-testid="pivot-cost" className="hm11-key">
            {pivotOk ? pivotWords(ctx, p.id, base, end, cdeg) : "a pivot turns 1° to 180°"}
          </span>
        </div>
      )}
      <div className="hm11-move-form">
        <span className="hm11-key">Face (1 URT):</span>
        {(["about", "left", "right"] as const).map((to) => (
          <button key={to} type="button" data-testid={`face-${to}`} onClick={() => add({ op: "face", to })}>
            {to === "about" ? "About face" : `Face ${to}`}
          </button>
        ))}
      </div>
      {others.length > 0 && (
        <div className="hm11-move-form">
          <label>
            Formation
            <select
              data-testid="form-formation"
              value={chosenFormation}
              onChange={(e) => setFormation(e.target.value)}
            >
              {others.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            data-testid="add-form"
            onClick={() => add({ op: "form", formation: chosenFormation })}
          >
            Change formation
          </button>
          <span data-testid="form-cost" className="hm11-key">
            {formCost ? `${fractionWords(formCost)} of its move` : ""}
          </span>
        </div>
      )}
      <div className="hm11-move-form">
        {base.disordered && (
          <button type="button" data-testid="add-reorganise" onClick={() => add({ op: "reorganise" })}>
            Reorganise (1 URT, still)
          </button>
        )}
        {(base.reload > 0 || base.pistols > 0) && (
          <button type="button" data-testid="add-reload" onClick={() => add({ op: "reload" })}>
            Reload (1 URT, still)
          </button>
        )}
        {base.muddle > 0 && (
          <button type="button" data-testid="add-untangle" onClick={() => add({ op: "untangle" })}>
            Untangle (1 URT)
          </button>
        )}
        {t.arm === "guns" && (
          <button
            type="button"
            data-testid={base.formation === "limbered" ? "add-unlimber" : "add-limber"}
            onClick={() => add({ op: base.formation === "limbered" ? "unlimber" : "limber" })}
          >
            {base.formation === "limbered" ? "Unlimber" : "Limber"}
          </button>
        )}
        {horseArchers && (
          <button
            type="button"
            data-testid={base.dismounted ? "add-mount" : "add-dismount"}
            onClick={() => add({ op: base.dismounted ? "mount" : "dismount" })}
          >
            {base.dismounted ? "Mount (1 URT)" : "Dismount (1 URT): fire as bowmen"}
          </button>
        )}
        {base.formation === "skirmish" && t.arm !== "guns" && (
          <label className="hm11-toggle">
            <input
              type="checkbox"
              data-testid="run-toggle"
              checked={d.run}
              onChange={(e) => d.setRun(e.target.checked)}
            />{" "}
            Run (every 4th move, half again)
          </label>
        )}
      </div>
      {t.arm === "guns" && base.formation === "unlimbered" && (base.team?.points ?? 0) > 0 && (
        <TeamPlacing {...p} base={base} />
      )}
      {d.program.length > 0 && (
        <ol data-testid="move-program" className="hm11-key">
          {d.program.map((op, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the program's activities in order
            <li key={i}>
              {opWords(op)}
              {pv?.costs[i] ? ` — ${fractionWords(pv.costs[i])} of its move` : ""}
            </li>
          ))}
        </ol>
      )}
      <div className="hm11-move-form">
        <button
          type="button"
          data-testid="commit-move"
          disabled={!pv?.legal}
          onClick={() =>
            perform({ type: "move", unit: p.id, program: [...d.program], ...(d.run ? { run: true } : {}) })
          }
        >
          Move
        </button>
        <button
          type="button"
          data-testid="remove-op"
          disabled={d.program.length === 0}
          onClick={() => d.setProgram(d.program.slice(0, -1))}
        >
          Take off the last
        </button>
        <button
          type="button"
          data-testid="cancel-move"
          disabled={d.program.length === 0}
          onClick={() => d.setProgram([])}
        >
          Clear the move
        </button>
      </div>
    </section>
  );
}

/**
 * Artillery: "Horse/ox models can be placed anywhere within 6" of an
 * unlimbered gun" (no URT). Click **Place team on the table** and then a
 * point, or type where from the gun (inches to its right and ahead of it,
 * negative for left and behind); the placement joins the move drawn, and
 * the engine's refusal says when it is too far or no room.
 */
function TeamPlacing(p: PanelProps & { readonly id: string; readonly base: UnitState }) {
  const d = p.draft;
  const { base } = p;
  const [across, setAcross] = useState("0");
  const [ahead, setAhead] = useState("-2.5");
  const a = Number(across);
  const b = Number(ahead);
  const typedOk = across.trim() !== "" && ahead.trim() !== "" && Number.isFinite(a) && Number.isFinite(b);
  const at = base.team?.at;
  return (
    <div className="hm11-move-form" data-testid="team-placing">
      <span className="hm11-key" data-testid="team-where">
        Horse team (Artillery: within 6" of the gun, no URT):{" "}
        {at ? `${teamPlaceWords(base, at)}.` : "on the table once unlimbered."}
      </span>
      <button
        type="button"
        data-testid="place-team"
        aria-pressed={p.placingTeam}
        onClick={() => p.onPlacingTeam(!p.placingTeam)}
      >
        {p.placingTeam
          ? "Click the table where the team goes (press again: cancel)"
          : "Place team on the table"}
      </button>
      <label>
        Right of the gun (inches)
        <input
          data-testid="team-across"
          type="number"
          step="0.25"
          value={across}
          onChange={(e) => setAcross(e.target.value)}
        />
      </label>
      <label>
        Ahead (inches, negative: behind)
        <input
          data-testid="team-ahead"
          type="number"
          step="0.25"
          value={ahead}
          onChange={(e) => setAhead(e.target.value)}
        />
      </label>
      <button
        type="button"
        data-testid="add-team"
        disabled={!typedOk}
        onClick={() => d.setProgram(withTeamPlaced(d.program, teamPointFrom(base, a, b)))}
      >
        Place team there
      </button>
    </div>
  );
}

/** Engaging (Melee): straight ahead into contact, with or without the charge; the targets the engine allows. */
function EngageSection(p: PanelProps & { readonly id: string }) {
  const { ctx, perform } = p.props;
  // The targets it reaches first; a charge that cannot reach goes its whole length and ends disordered.
  const all = [...new Set(p.engages.map((a) => a.target))];
  const targets = [...all.filter((t) => !p.shortOf.has(t)), ...all.filter((t) => p.shortOf.has(t))];
  return (
    <section data-testid="engage-section" aria-label="Engage">
      <h4>Engage (Melee): straight ahead into contact</h4>
      <ul>
        {targets.map((t) => {
          const charge = p.engages.find((a) => a.target === t && a.charge);
          const walk = p.engages.find((a) => a.target === t && !a.charge);
          const short = p.shortOf.has(t);
          return (
            <li key={t} data-reaches={!short}>
              <button
                type="button"
                data-testid={`engage-show-${t}`}
                aria-pressed={p.engageTarget === t}
                onClick={() => p.onEngageTarget(p.engageTarget === t ? undefined : t)}
              >
                {t} {unitName(ctx, t)}
              </button>{" "}
              {charge && (
                <button type="button" data-testid={`engage-charge-${t}`} onClick={() => perform(charge)}>
                  {short ? "Charge (falls short: disordered)" : "Charge"}
                </button>
              )}{" "}
              {walk && (
                <button type="button" data-testid={`engage-${t}`} onClick={() => perform(walk)}>
                  Advance into contact
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A fire step: the fire declared so far, and this side's choices (Artillery always fires first). */
function FireStep(p: PanelProps) {
  const { ctx, position, perform } = p.props;
  const choices = p.firing
    ? p.legal.filter((a): a is Extract<Action, { type: "fire" }> => a.type === "fire")
    : [];
  const byUnit = new Map<string, Extract<Action, { type: "fire" }>[]>();
  for (const a of choices) byUnit.set(a.unit, [...(byUnit.get(a.unit) ?? []), a]);
  const done = position.declared.map((s) => sideName(ctx, s));
  return (
    <section data-testid="fire-section" aria-label="Fire">
      <h4>
        Fire after{" "}
        {sideName(
          ctx,
          position.part === "fire-1" ? position.first : position.first === "first" ? "second" : "first",
        )}
        's move
      </h4>
      <p className="hm11-key">
        Both sides declare, {sideName(ctx, position.first)} (player 1) first; the fire resolves when both are
        done (guns first, then the firing-first rolls).{done.length > 0 ? ` Done: ${done.join(", ")}.` : ""}
      </p>
      {position.fire.length > 0 ? (
        <ul data-testid="fire-declared">
          {position.fire.map((f) => (
            <li
              key={f.unit}
              data-testid={`declared-${f.unit}`}
              data-target={f.target}
              data-team={f.team === true}
            >
              {f.unit} {unitName(ctx, f.unit)} will fire at {f.target} {unitName(ctx, f.target)}
              {f.team ? "'s horse team" : ""}
              {f.hailshot ? " with hailshot" : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p>No fire declared yet.</p>
      )}
      {p.firing &&
        (byUnit.size === 0 ? (
          <p>No unit of yours can fire now.</p>
        ) : (
          <ul data-testid="fire-choices">
            {[...byUnit.entries()].map(([unit, list]) => (
              <li key={unit}>
                {unit} {unitName(ctx, unit)}:{" "}
                {list.map((a) => (
                  <button
                    key={`${a.target}-${a.hailshot ? "h" : ""}-${a.team ? "t" : ""}`}
                    type="button"
                    data-testid={`fire-${a.hailshot ? "hail-" : ""}${a.team ? "team-" : ""}${unit}-${a.target}`}
                    onClick={() => perform(a)}
                  >
                    {a.hailshot ? "hailshot at" : "at"} {a.target}
                    {a.team ? "'s horse team" : ""}
                  </button>
                ))}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

/** Leadership: a general or staff officer joins a unit within his move, or stands alone. */
function OfficerSection(p: PanelProps) {
  const { ctx, position, perform, seat } = p.props;
  const mine = Object.keys(position.officers)
    .sort()
    .filter((id) => {
      const o = position.officers[id];
      return o && o.side === seat && !o.lost;
    });
  if (mine.length === 0) return null;
  return (
    <section data-testid="officer-section" aria-label="Officers">
      <h4>Generals and staff (Leadership)</h4>
      <ul>
        {mine.map((id) => (
          <OfficerRow key={id} id={id} p={p} line={officerLine(ctx, position, id)} perform={perform} />
        ))}
      </ul>
    </section>
  );
}

function OfficerRow({
  id,
  p,
  line,
  perform,
}: {
  id: string;
  p: PanelProps;
  line: string;
  perform: (a: Action) => boolean;
}) {
  const { ctx, position } = p.props;
  const joins = p.legal.filter(
    (a): a is Extract<Action, { type: "officer" }> => a.type === "officer" && a.officer === id,
  );
  const [unit, setUnit] = useState("");
  const chosen = joins.find((a) => a.unit === unit) ?? joins[0];
  const o = position.officers[id];
  const rank = OFFICER_RANKS[ctx.officers[id]?.rank ?? ""] ?? "";
  return (
    <li data-testid={`officer-row-${id}`}>
      {line}
      {o && !o.moved && (
        <div className="hm11-move-form">
          {joins.length > 0 && (
            <>
              <label>
                Join ({rank})
                <select
                  data-testid={`officer-unit-${id}`}
                  value={chosen?.unit ?? ""}
                  onChange={(e) => setUnit(e.target.value)}
                >
                  {joins.map((a) => (
                    <option key={a.unit} value={a.unit}>
                      {a.unit} {unitName(ctx, a.unit ?? "")}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                data-testid={`officer-join-${id}`}
                onClick={() => chosen && perform(chosen)}
              >
                Join
              </button>
            </>
          )}
          {o.with && (
            <button
              type="button"
              data-testid={`officer-alone-${id}`}
              onClick={() => perform({ type: "officer", officer: id })}
            >
              Stand alone
            </button>
          )}
        </div>
      )}
    </li>
  );
}

const OPTION_WORDS: Record<string, string> = {
  face: "face the attacker",
  changeFormation: "change formation",
  counterCharge: "counter-charge",
  withdraw: "withdraw",
};
const OPTION_CHOICE: Record<string, string> = {
  face: "face",
  changeFormation: "change-formation",
  counterCharge: "counter-charge",
  withdraw: "withdraw",
};

/** Melee: the counter roll a target made, and its owner's answers. */
function CounterRoll(p: PanelProps) {
  const { ctx, position, perform } = p.props;
  const r = position.reaction;
  if (!r) return null;
  const m = position.melees.find((x) => x.id === r.melee);
  const reacts = p.legal.filter((a): a is Extract<Action, { type: "react" }> => a.type === "react");
  // An answer the roll allows that the engine does not offer has no room (Melee: facing or forming in place).
  const offered = (o: string) =>
    !p.props.seat || position.toMove !== p.props.seat || reacts.some((a) => a.choice === OPTION_CHOICE[o]);
  const label = (a: Extract<Action, { type: "react" }>) =>
    a.choice === "accept"
      ? "Accept as it stands"
      : a.choice === "change-formation"
        ? `Form ${a.formation}`
        : a.choice === "counter-charge"
          ? "Counter-charge"
          : a.choice === "face"
            ? "Face the attacker"
            : 'Withdraw 6"';
  return (
    <section data-testid="counter-roll" aria-label="Counter roll" className="pp-alert">
      <h4>Counter roll (Melee)</h4>
      <p data-testid="counter-roll-words">
        {unitName(ctx, m?.attackers[0] ?? "")} struck the {m?.struck ?? "front"} of {r.unit}{" "}
        {unitName(ctx, r.unit)}. Its counter roll (d10 + class): {r.score}. The roll allows it to{" "}
        {r.options.map((o) => `${OPTION_WORDS[o] ?? o}${offered(o) ? "" : " (no room)"}`).join(", ")}; or it
        accepts the melee as it stands.
      </p>
      {reacts.length > 0 ? (
        <div className="hm11-move-form">
          {reacts.map((a) => (
            <button
              key={`${a.choice}-${a.formation ?? ""}`}
              type="button"
              data-testid={
                a.choice === "change-formation" ? `react-form-${a.formation}` : `react-${a.choice}`
              }
              onClick={() => perform(a)}
            >
              {label(a)}
            </button>
          ))}
        </div>
      ) : (
        <p>Waiting for {sideName(ctx, position.toMove)} to answer.</p>
      )}
    </section>
  );
}

function MeleeList({ ctx, position }: { ctx: Ctx; position: Position }) {
  return (
    <section data-testid="melee-list" aria-label="Melees">
      <h4>Melees</h4>
      <ul className="hm11-key">
        {position.melees.map((m) => (
          <li key={m.id}>
            {m.attackers.map((a) => `${a} ${unitName(ctx, a)}`).join(", ")} against{" "}
            {m.defenders.map((a) => `${a} ${unitName(ctx, a)}`).join(", ")}: move {m.round}, struck in the{" "}
            {m.struck}
            {m.barrier ? `, across the ${m.barrier}` : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}

function OffTable({ ctx, position }: { ctx: Ctx; position: Position }) {
  const gone = Object.keys(position.units)
    .sort()
    .filter((id) => position.units[id]?.gone);
  const lost = Object.keys(position.officers)
    .sort()
    .filter((id) => position.officers[id]?.lost);
  if (gone.length === 0 && lost.length === 0) return null;
  return (
    <section data-testid="off-table" aria-label="Off the table">
      <h4>Off the table</h4>
      <ul className="hm11-key">
        {gone.map((id) => (
          <li key={id} data-testid={`gone-${id}`} data-how={position.units[id]?.gone}>
            {unitLine(ctx, position, id)}
          </li>
        ))}
        {lost.map((id) => (
          <li key={id} data-testid={`officer-lost-${id}`}>
            {officerLine(ctx, position, id)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Victory Points: each army's score at the end, as the engine counted it. */
function Tally(p: PanelProps) {
  const { ctx, position, history } = p.props;
  const result = position.result;
  if (!result) return null;
  const scores = armyScores(history);
  return (
    <section data-testid="vp-tally" aria-label="Victory points">
      <h4>Victory Points</h4>
      <TallyTable ctx={ctx} scores={scores} final={result.scores} />
    </section>
  );
}

export function TallyTable({
  ctx,
  scores,
  final,
}: {
  ctx: Ctx;
  scores: readonly Extract<GameEvent, { type: "army-score" }>[];
  final: { readonly first: number; readonly second: number };
}) {
  const of = (s: "first" | "second") => scores.find((e) => e.side === s);
  const row = (label: string, f: (e: NonNullable<ReturnType<typeof of>>) => string) => (
    <tr>
      <th scope="row">{label}</th>
      {(["first", "second"] as const).map((s) => {
        const e = of(s);
        return <td key={s}>{e ? f(e) : "—"}</td>;
      })}
    </tr>
  );
  return (
    <table className="hm11-faces" data-testid="pp-tally">
      <thead>
        <tr>
          <th scope="col">Victory Points</th>
          <th scope="col">{sideName(ctx, "first")}</th>
          <th scope="col">{sideName(ctx, "second")}</th>
        </tr>
      </thead>
      <tbody>
        {row("Army Effectiveness", (e) => String(e.effectiveness))}
        {row("Army modifiers", (e) => String(e.modifiers))}
        {row("d10 on the Rally Rolls table", (e) => `${e.d10}: ${e.rally}`)}
        <tr>
          <th scope="row">Total</th>
          <td data-testid="vp-first">{final.first}</td>
          <td data-testid="vp-second">{final.second}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** The last action in force, every roll and result it brought. */
function LastAction(p: PanelProps) {
  const { ctx, history } = p.props;
  const last = history[history.length - 1];
  if (!last) return null;
  const lines = last.events.map((e) => describeEvent(ctx, e)).filter((s): s is string => s !== undefined);
  return (
    <section data-testid="last-action" aria-label="The last action">
      <h4>Last action</h4>
      <ul className="hm11-key">
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the action's events in order
          <li key={i}>{l}</li>
        ))}
      </ul>
    </section>
  );
}
