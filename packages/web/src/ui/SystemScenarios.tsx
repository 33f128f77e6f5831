import { type OptionEntry, seedPrng } from "@tercio/core";
import { type ReactNode, useMemo, useState } from "react";
import { levelsOf } from "../ai/protocol.js";
import type { Controller, LocalSetup } from "../shell/session.js";
import type { SystemEntry } from "../systems/views.js";
import { freshSeed } from "./fresh-seed.js";
import { OnlineCreate } from "./OnlineCreate.js";
import { GameFields, PlayersFields, type Where, WhereTabs } from "./SetupFields.js";

/** A scenario's opening as its system's view pictures it, or why it cannot be opened. */
function picture(entry: SystemEntry, scenario: string, options: Record<string, unknown>): ReactNode {
  const { system, view } = entry;
  const setup = system.parseSetup({ scenario, options });
  if (!setup.ok) return <p className="message error">{setup.error.message}</p>;
  const ctx = system.context(setup.value);
  if (!ctx.ok) return <p className="message error">{ctx.error.message}</p>;
  const opened = system.open(ctx.value, setup.value, seedPrng(1));
  if (!opened.ok) return <p className="message error">{opened.error.message}</p>;
  return view.preview(ctx.value, opened.value.position);
}

function OptionField({
  option,
  value,
  onChange,
}: {
  readonly option: OptionEntry;
  readonly value: unknown;
  readonly onChange: (v: unknown) => void;
}) {
  if (option.kind === "flag")
    return (
      <label className="check" title={option.summary}>
        <input
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
          data-testid={`option-${option.id}`}
        />{" "}
        {option.name}
      </label>
    );
  return (
    <label className="option" title={option.summary}>
      {option.name}{" "}
      <select
        value={String(value)}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`option-${option.id}`}
      >
        {(option.choices ?? []).map((c) => (
          <option key={c} value={c}>
            {c}
            {c === option.default ? " (default)" : ""}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A system's scenarios as its RuleSystem lists them, each with a picture of
 * its table; the system's options (readings, optional rules); then here
 * (the players, seed and undo; start) or online (the seats; the links).
 * Written once for every system but Musket & Pike, whose own list shows its
 * scenario cards' details.
 */
export function SystemScenarios({
  entry,
  onStart,
}: {
  readonly entry: SystemEntry;
  readonly onStart: (setup: LocalSetup) => void;
}) {
  const { system } = entry;
  const scenarios = useMemo(() => system.scenarios(), [system]);
  const offered = system.options();
  const [id, setId] = useState(scenarios[0]?.id ?? "");
  const [first, setFirst] = useState<Controller>({ kind: "human" });
  const [second, setSecond] = useState<Controller>(() => strongestAi(system.id));
  const [options, setOptions] = useState<Record<string, unknown>>(() =>
    Object.fromEntries(offered.map((o) => [o.id, o.default])),
  );
  const [seed, setSeed] = useState(() => freshSeed());
  const [undo, setUndo] = useState(true);
  /** Where the chosen scenario is to be played: at this screen, or on the server with links. */
  const [where, setWhere] = useState<Where>("here");
  const chosen = scenarios.find((s) => s.id === id) ?? scenarios[0];
  const setup = useMemo(
    () => (chosen ? system.parseSetup({ scenario: chosen.id, options }) : undefined),
    [system, chosen, options],
  );
  const seats = useMemo(() => {
    if (!setup?.ok) return { first: "First player", second: "Second player" };
    const ctx = system.context(setup.value);
    return ctx.ok
      ? { first: system.seatName(ctx.value, "first"), second: system.seatName(ctx.value, "second") }
      : { first: "First player", second: "Second player" };
  }, [system, setup]);
  const shown = useMemo(() => (chosen ? picture(entry, chosen.id, options) : null), [entry, chosen, options]);
  // Each scenario's table in the list, under the default readings (opened once per system).
  const thumbs = useMemo(
    () => new Map(scenarios.map((x) => [x.id, picture(entry, x.id, {})] as const)),
    [entry, scenarios],
  );
  if (!chosen) return <p>No scenarios.</p>;
  return (
    <div className="chooser-body">
      <ul className="scenario-list" aria-label="Scenarios">
        {scenarios.map((x) => (
          <li key={x.id} className={x.id === chosen.id ? "picked" : ""}>
            <button
              type="button"
              className="scenario-card"
              onClick={() => setId(x.id)}
              aria-pressed={x.id === chosen.id}
              data-scenario={x.id}
            >
              <span className="thumb" aria-hidden="true">
                {thumbs.get(x.id)}
              </span>
              <span className="card-text">
                <b>{x.name}</b>
                <span className="hint">{x.summary}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <section className="scenario-detail" aria-label="The chosen scenario">
        <h2>{chosen.name}</h2>
        <p>{chosen.summary}</p>
        <figure className="scenario-picture" data-testid="scenario-picture">
          {shown}
        </figure>
        {offered.length > 0 && (
          <fieldset className="options">
            <legend>Readings and options</legend>
            <p className="hint">
              Where the rules can be read more than one way, choose the reading (docs/rules).
            </p>
            {offered.map((o) => (
              <OptionField
                key={o.id}
                option={o}
                value={options[o.id]}
                onChange={(v) => setOptions({ ...options, [o.id]: v })}
              />
            ))}
          </fieldset>
        )}
        {setup && !setup.ok && <p className="message error">{setup.error.message}</p>}
        <WhereTabs where={where} onWhere={setWhere} />
        {/* Both forms stay mounted, one hidden: a new online game's links survive a look at the other. */}
        <div hidden={where !== "online"}>
          <OnlineCreate entry={entry} scenario={chosen} seatNames={seats} options={options} />
        </div>
        <form
          className="setup"
          hidden={where !== "here"}
          onSubmit={(e) => {
            e.preventDefault();
            onStart({
              system: system.id,
              scenario: chosen.id,
              options,
              seed,
              controllers: { first, second },
              undo,
            });
          }}
        >
          <PlayersFields
            system={system.id}
            names={seats}
            value={{ first, second }}
            onChange={(seat, c) => (seat === "first" ? setFirst(c) : setSecond(c))}
          />
          <GameFields seed={seed} onSeed={setSeed} undo={undo} onUndo={setUndo} />
          <button type="submit" className="start" data-testid="start">
            Start {chosen.name}
          </button>
        </form>
      </section>
    </div>
  );
}

/**
 * The second seat's first choice: the system's strongest AI level (the last
 * AI_LEVELS lists), or a person where the system has none, so that a game
 * never starts with a level its AI does not have (003 lists "random" only).
 */
export function strongestAi(system: string): Controller {
  const levels = levelsOf(system);
  const level = levels[levels.length - 1]?.id;
  return level ? { kind: "ai", level } : { kind: "human" };
}
