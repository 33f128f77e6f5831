import type { Catalog, OptionalRule } from "@tercio/musket-and-pike";
import { playerName, unitCount, unitGroups } from "@tercio/render";
import { useRef, useState } from "react";
import type { Controller, LocalSetup } from "../shell/session.js";
import { mpLocalSetup } from "../systems/musket-and-pike/game.js";
import { OptionalRulesPicker } from "../systems/musket-and-pike/panels/OptionalRulesPicker.js";
import type { SystemEntry } from "../systems/views.js";
import { freshSeed } from "./fresh-seed.js";
import { MyOnlineGames } from "./MyOnlineGames.js";
import { OnlineCreate } from "./OnlineCreate.js";
import { GameFields, PlayersFields, type Where, WhereTabs } from "./SetupFields.js";
import { SystemScenarios } from "./SystemScenarios.js";

export interface ChooserProps {
  readonly catalog: Catalog;
  /** Every rule system this page plays, Musket & Pike first. */
  readonly systems: readonly SystemEntry[];
  /** The system whose scenarios are listed. */
  readonly system: string;
  readonly onSystem: (id: string) => void;
  readonly onStart: (setup: LocalSetup) => void;
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

/**
 * The chooser: the rule systems, and the chosen system's scenarios with
 * their details; sides, options, seed and undo; start here or online.
 */
export function Chooser(props: ChooserProps) {
  const { systems, system, onSystem, onContinue, onLoad, error } = props;
  const entry = systems.find((e) => e.system.id === system) ?? systems[0];
  return (
    <div className="chooser">
      <header className="title">
        <h1>Tercio — {entry?.system.title ?? "Musket & Pike"}</h1>
        <nav className="systems" aria-label="Rule systems">
          {systems.map((e) => (
            <button
              key={e.system.id}
              type="button"
              aria-pressed={e.system.id === entry?.system.id}
              className={e.system.id === entry?.system.id ? "picked" : ""}
              onClick={() => onSystem(e.system.id)}
              data-testid={`system-${e.system.id}`}
            >
              {e.system.title}
            </button>
          ))}
        </nav>
        <p>{entry?.blurb}</p>
        <div className="bar-buttons">
          {onContinue && (
            <button type="button" onClick={onContinue} data-testid="continue">
              Continue the saved game
            </button>
          )}
          <button type="button" onClick={onLoad} data-testid="load-file">
            Load a saved game…
          </button>
        </div>
        {error && (
          <p className="message error" role="alert" data-testid="message">
            {error}
          </p>
        )}
      </header>
      <main>
        <MyOnlineGames />
        {!entry ? (
          <p>No rule systems.</p>
        ) : entry.system.id !== "musket-and-pike" ? (
          <SystemScenarios key={entry.system.id} entry={entry} onStart={props.onStart} />
        ) : (
          <MpScenarios {...props} entry={entry} />
        )}
      </main>
    </div>
  );
}

/** Musket & Pike's scenarios: all 18 with their details; sides, optional rules, seed and undo; start. */
function MpScenarios({ catalog, onStart, rules, entry }: ChooserProps & { readonly entry: SystemEntry }) {
  const scenarios = catalog.scenarios.scenarios;
  const [id, setId] = useState(scenarios[6]?.id ?? scenarios[0]?.id ?? "16.24");
  const [first, setFirst] = useState<Controller>({ kind: "human" });
  const [second, setSecond] = useState<Controller>({ kind: "ai", level: "strong" });
  const [optional, setOptional] = useState<OptionalRule[]>([]);
  const [onlineOptional, setOnlineOptional] = useState<OptionalRule[]>([]);
  const [seed, setSeed] = useState(() => freshSeed());
  const [undo, setUndo] = useState(true);
  /** Where the chosen scenario is to be played: at this screen, or on the server with links. */
  const [where, setWhere] = useState<Where>("here");
  const detail = useRef<HTMLElement>(null);
  /** On a narrow screen the details are under the list: bring them into view. */
  const pick = (scenario: string) => {
    setId(scenario);
    if (window.matchMedia("(max-width: 820px)").matches) detail.current?.scrollIntoView({ block: "start" });
  };
  const s = scenarios.find((x) => x.id === id) ?? scenarios[0];
  if (!s) return <p>No scenarios.</p>;
  return (
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
        <WhereTabs where={where} onWhere={setWhere} />
        {/* Both forms stay mounted, one hidden: a new online game's links survive a look at the other. */}
        <div hidden={where !== "online"}>
          <OnlineCreate
            entry={entry}
            scenario={s}
            seatNames={{ first: playerName(s, "first"), second: playerName(s, "second") }}
            options={{ optionalRules: [...new Set([...s.requiredOptionalRules, ...onlineOptional])] }}
          >
            <OptionalRulesPicker scenario={s} value={onlineOptional} onChange={setOnlineOptional} />
          </OnlineCreate>
        </div>
        <form
          className="setup"
          hidden={where !== "here"}
          onSubmit={(e) => {
            e.preventDefault();
            onStart(
              mpLocalSetup({
                scenario: s.id,
                seed,
                optionalRules: optional,
                controllers: { first, second },
                undo,
              }),
            );
          }}
        >
          <PlayersFields
            system="musket-and-pike"
            names={{ first: playerName(s, "first"), second: playerName(s, "second") }}
            value={{ first, second }}
            onChange={(seat, c) => (seat === "first" ? setFirst(c) : setSecond(c))}
          />
          <OptionalRulesPicker scenario={s} value={optional} onChange={setOptional} />
          <GameFields
            seed={seed}
            onSeed={setSeed}
            undo={undo}
            onUndo={setUndo}
            undoNote="off: 5.2(G) holds strictly"
          />
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
  );
}
