import type { Catalog, OptionalRule } from "@tercio/musket-and-pike";
import { playerName, unitCount, unitGroups } from "@tercio/render";
import { useRef, useState } from "react";
import { AI_LEVELS } from "../ai/protocol.js";
import type { Controller, GameSetup } from "../game/session.js";
import { MyOnlineGames } from "./MyOnlineGames.js";
import { OnlineCreate } from "./OnlineCreate.js";
import { OptionalRulesPicker } from "./OptionalRulesPicker.js";

/** A seed for a new game; the page may use the browser's generator, the engine never does. */
function freshSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] ?? 1;
}

export interface ChooserProps {
  readonly catalog: Catalog;
  readonly onStart: (setup: GameSetup) => void;
  readonly onContinue: (() => void) | undefined;
  readonly onLoad: () => void;
  readonly error: string | undefined;
  /** The rules data in force, and how to change it (a player's own file from the printed charts). */
  readonly rules: {
    readonly version: string;
    readonly custom: boolean;
    readonly onLoad: () => void;
    readonly onBuiltIn: () => void;
  };
}

export function ControllerPicker({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: Controller;
  onChange: (c: Controller) => void;
  testId: string;
}) {
  const v = value.kind === "human" ? "human" : value.level;
  return (
    <label className="controller">
      {label}{" "}
      <select
        value={v}
        onChange={(e) =>
          onChange(e.target.value === "human" ? { kind: "human" } : { kind: "ai", level: e.target.value })
        }
        data-testid={testId}
      >
        <option value="human">Human</option>
        {AI_LEVELS.map((l) => (
          <option key={l.id} value={l.id}>
            AI — {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The scenario chooser: all 18 with their details; sides, optional rules, seed and undo; start. */
export function Chooser({ catalog, onStart, onContinue, onLoad, error, rules }: ChooserProps) {
  const scenarios = catalog.scenarios.scenarios;
  const [id, setId] = useState(scenarios[6]?.id ?? scenarios[0]?.id ?? "16.24");
  const [first, setFirst] = useState<Controller>({ kind: "human" });
  const [second, setSecond] = useState<Controller>({ kind: "ai", level: "strong" });
  const [optional, setOptional] = useState<OptionalRule[]>([]);
  const [seed, setSeed] = useState(() => freshSeed());
  const [undo, setUndo] = useState(true);
  /** Where the chosen scenario is to be played: at this screen, or on the server with links. */
  const [where, setWhere] = useState<"here" | "online">("here");
  const detail = useRef<HTMLElement>(null);
  /** On a narrow screen the details are under the list: bring them into view. */
  const pick = (scenario: string) => {
    setId(scenario);
    if (window.matchMedia("(max-width: 820px)").matches) detail.current?.scrollIntoView({ block: "start" });
  };
  const s = scenarios.find((x) => x.id === id) ?? scenarios[0];
  if (!s) return <p>No scenarios.</p>;
  return (
    <div className="chooser">
      <header className="title">
        <h1>Tercio — Musket &amp; Pike</h1>
        <p>
          SPI, 1973, with the errata of 30 April 1973. The rules enforced: hot-seat, against the AI, or
          online.
        </p>
        <div className="bar-buttons">
          {onContinue && (
            <button type="button" onClick={onContinue} data-testid="continue">
              Continue the saved game
            </button>
          )}
          <button type="button" onClick={onLoad} data-testid="load-file">
            Load a saved game…
          </button>
          <button
            type="button"
            onClick={() => {
              setWhere("online");
              detail.current?.scrollIntoView({ block: "start" });
            }}
            data-testid="play-online"
          >
            Play online…
          </button>
        </div>
        {error && (
          <p className="message error" role="alert" data-testid="message">
            {error}
          </p>
        )}
      </header>
      <MyOnlineGames catalog={catalog} />
      <div className="chooser-body">
        <table className="scenarios" aria-label="Scenarios">
          <thead>
            <tr>
              <th>Rule</th>
              <th>Battle</th>
              <th>Date</th>
              <th title="1 very simple to 9 very complex">Cx</th>
              <th>Balance</th>
              <th>Turns</th>
            </tr>
          </thead>
          <tbody>
            {scenarios.map((x) => (
              <tr key={x.id} className={x.id === id ? "picked" : ""} onClick={() => pick(x.id)}>
                <td>{x.id}</td>
                <td>
                  <button
                    type="button"
                    className="link"
                    onClick={() => pick(x.id)}
                    aria-pressed={x.id === id}
                    data-scenario={x.slug}
                  >
                    {x.name}
                  </button>
                </td>
                <td>{x.date}</td>
                <td>{x.complexity}</td>
                <td>{x.balance.text}</td>
                <td>{x.gameLength}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <section className="scenario-detail" aria-label="The chosen scenario" ref={detail}>
          <h2>
            {s.id} {s.name}
          </h2>
          {s.subtitle && <p className="subtitle">{s.subtitle}</p>}
          <p>
            {s.date} · {s.war} · complexity {s.complexity} · {s.gameLength} Game-Turns · balance:{" "}
            {s.balance.text}
          </p>
          <div className="forces">
            {s.players.map((p) => (
              <div key={p.side} className={`force side-${p.side}`}>
                <h3>
                  {p.side === "first" ? "First" : "Second"} Player: {p.name}
                </h3>
                <ul>
                  {p.forces.map((f) => (
                    <li key={f.id}>
                      {unitGroups(f.units)} ({unitCount(f.units)} units)
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          <p>
            <b>Victory:</b> {s.victory.text}
          </p>
          <details>
            <summary>Historical note</summary>
            <p>{s.historicalNote}</p>
          </details>
          <div className="where">
            <button
              type="button"
              aria-pressed={where === "here"}
              className={where === "here" ? "picked" : ""}
              onClick={() => setWhere("here")}
              data-testid="play-here-tab"
            >
              Play here
            </button>
            <button
              type="button"
              aria-pressed={where === "online"}
              className={where === "online" ? "picked" : ""}
              onClick={() => setWhere("online")}
              data-testid="play-online-tab"
            >
              Play online
            </button>
          </div>
          {/* Both forms stay mounted, one hidden: a new online game's links survive a look at the other. */}
          <div hidden={where !== "online"}>
            <OnlineCreate scenario={s} />
          </div>
          <form
            className="setup"
            hidden={where !== "here"}
            onSubmit={(e) => {
              e.preventDefault();
              onStart({
                scenario: s.id,
                seed,
                optionalRules: optional,
                controllers: { first, second },
                undo,
              });
            }}
          >
            <fieldset>
              <legend>Players</legend>
              <ControllerPicker
                label={playerName(s, "first")}
                value={first}
                onChange={setFirst}
                testId="first-controller"
              />
              <ControllerPicker
                label={playerName(s, "second")}
                value={second}
                onChange={setSecond}
                testId="second-controller"
              />
            </fieldset>
            <OptionalRulesPicker scenario={s} value={optional} onChange={setOptional} />
            <fieldset>
              <legend>Game</legend>
              <label>
                Seed{" "}
                <input
                  type="number"
                  min={0}
                  max={4294967295}
                  value={seed}
                  onChange={(e) =>
                    setSeed(Math.max(0, Math.min(4294967295, Math.floor(Number(e.target.value) || 0))))
                  }
                  data-testid="seed"
                />
              </label>{" "}
              <button type="button" onClick={() => setSeed(freshSeed())}>
                New seed
              </button>
              <label className="check">
                <input
                  type="checkbox"
                  checked={undo}
                  onChange={(e) => setUndo(e.target.checked)}
                  data-testid="undo-option"
                />{" "}
                Allow undo of your own actions since the last die roll (off: 5.2(G) holds strictly)
              </label>
            </fieldset>
            <fieldset>
              <legend>Rules data</legend>
              <p data-testid="rules-version">
                {rules.custom
                  ? "Your own file"
                  : "Built in (the printed values, with Tercio's reconstructions)"}
                : <code>{rules.version}</code>
              </p>
              <button type="button" onClick={rules.onLoad} data-testid="load-rules">
                Use my rules file…
              </button>
              {rules.custom && (
                <button type="button" onClick={rules.onBuiltIn}>
                  Back to the built-in data
                </button>
              )}
              <p className="hint">
                A file exported by <code>tercio rules export</code> with the values of your printed charts.
                Saved games record the rules data and replay only under the same.
              </p>
            </fieldset>
            <button type="submit" className="start" data-testid="start">
              Start {s.name}
            </button>
          </form>
        </section>
      </div>
    </div>
  );
}
