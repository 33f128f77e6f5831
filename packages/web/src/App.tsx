import { type Catalog, catalogWithRules, defaultCatalog } from "@tercio/musket-and-pike";
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type OnlineLink, parseOnlineHash } from "./online/links.js";
import { GameShell } from "./shell/GameShell.js";
import { ReplayViewer } from "./shell/ReplayViewer.js";
import { type Game, type LocalSetup, startGame, toSavedGame } from "./shell/session.js";
import { restoreGame, savedSystem, toStoredGame } from "./shell/stored-game.js";
import { download, loadAutosave, loadRulesText, scheduleAutosave, storeRulesText } from "./storage.js";
import { entryOf, systemEntries } from "./systems/views.js";
import { Chooser } from "./ui/Chooser.js";
import { OnlineScreen } from "./ui/OnlineScreen.js";

const builtIn = defaultCatalog();
/** Online games are played under the built-in rules data, whatever file the player uses here. */
const onlineSystems = systemEntries(builtIn);

/** A catalog under the player's rules file, or the file's errors (every bad field named). */
function catalogFrom(text: string): { ok: true; catalog: Catalog } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `not JSON (${e instanceof Error ? e.message : String(e)})` };
  }
  const made = catalogWithRules(json);
  return made.ok ? { ok: true, catalog: made.value } : { ok: false, message: made.error.message };
}

/** The rules in force at start: the stored file if it is still valid, else the built-in data. */
function initialRules(): { catalog: Catalog; text: string | undefined; error: string | undefined } {
  const text = loadRulesText();
  if (text === undefined) return { catalog: builtIn, text: undefined, error: undefined };
  const made = catalogFrom(text);
  if (made.ok) return { catalog: made.catalog, text, error: undefined };
  storeRulesText(undefined);
  return {
    catalog: builtIn,
    text: undefined,
    error: `Your rules file no longer loads (${made.message}); using the built-in rules data.`,
  };
}
const HOT_SEAT = {
  controllers: { first: { kind: "human" }, second: { kind: "human" } },
  undo: true,
} as const;

type Screen = "chooser" | "game" | "replay";

/** A hidden file picker for JSON files (saved games, rules data), opened by a button elsewhere. */
function JsonFileInput(props: {
  readonly inputRef: RefObject<HTMLInputElement | null>;
  readonly testId: string;
  readonly onFile: (file: File) => Promise<void>;
}) {
  return (
    <input
      ref={props.inputRef}
      type="file"
      accept="application/json,.json"
      hidden
      data-testid={props.testId}
      onChange={(e) => {
        const f = e.target.files?.[0];
        // Cleared so that choosing the same file again still loads it.
        e.target.value = "";
        if (f) void props.onFile(f);
      }}
    />
  );
}

export function App() {
  const [rules, setRules] = useState(initialRules);
  const catalog = rules.catalog;
  const systems = useMemo(() => systemEntries(catalog), [catalog]);
  const [chosenSystem, setChosenSystem] = useState<string>(systems[0]?.system.id ?? "musket-and-pike");
  const [game, setGame] = useState<Game | undefined>();
  const view = game ? entryOf(systems, game.system.id)?.view : undefined;
  const [screen, setScreen] = useState<Screen>("chooser");
  const [error, setError] = useState<string | undefined>(rules.error);
  const rulesRef = useRef<HTMLInputElement>(null);
  const onRulesFile = async (file: File) => {
    const text = await file.text();
    const made = catalogFrom(text);
    if (!made.ok) {
      setError(`${file.name}: ${made.message}`);
      return;
    }
    storeRulesText(text);
    setRules({ catalog: made.catalog, text, error: undefined });
    setError(undefined);
  };
  const backToBuiltInRules = () => {
    storeRulesText(undefined);
    setRules({ catalog: builtIn, text: undefined, error: undefined });
  };
  const [saved, setSaved] = useState<unknown>(() => loadAutosave());
  const fileRef = useRef<HTMLInputElement>(null);
  // An online game's seat or spectator link in the address (#/online/<game>/<token>) opens that game.
  const [online, setOnline] = useState<OnlineLink | undefined>(() => parseOnlineHash(location.hash));
  useEffect(() => {
    const onHash = () => setOnline(parseOnlineHash(location.hash));
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  /** Back from an online game: the link leaves the address (a new history entry, so Back returns to it). */
  const leaveOnline = useCallback(() => {
    if (parseOnlineHash(location.hash)) history.pushState(null, "", location.pathname + location.search);
    setOnline(undefined);
  }, []);

  const onGame = useCallback((g: Game) => {
    setGame(g);
    scheduleAutosave(() => toStoredGame(g));
  }, []);

  useEffect(() => {
    // The online screen keeps its own title (whose turn it is).
    if (online) return;
    document.title =
      game && screen !== "chooser"
        ? `${game.system.status(game.ctx, game.position).text} — Tercio`
        : "Tercio";
  }, [game, screen, online]);

  const start = (setup: LocalSetup) => {
    const entry = entryOf(systems, setup.system);
    if (!entry) {
      setError(`This page does not play ${setup.system}.`);
      return;
    }
    const g = startGame(entry.system, setup);
    if (!g.ok) {
      setError(g.error.message);
      return;
    }
    setError(undefined);
    leaveOnline();
    onGame(g.value);
    setScreen("game");
  };
  const restore = (json: unknown, source: string) => {
    const id = savedSystem(json);
    const entry = id === undefined ? systems[0] : entryOf(systems, id);
    if (!entry) {
      setError(`${source}: a game of ${id}, which this page does not play.`);
      setScreen("chooser");
      return;
    }
    const g = restoreGame(entry.system, json, HOT_SEAT);
    if (!g.ok) {
      setError(`${source}: ${g.error.message}`);
      setScreen("chooser");
      return;
    }
    setError(undefined);
    leaveOnline();
    onGame(g.value);
    setScreen("game");
  };
  const onFile = async (file: File) => {
    // A file chosen from an online game leaves it, whether the file loads or not (the chooser shows why).
    leaveOnline();
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch (e) {
      setError(`${file.name}: not JSON (${e instanceof Error ? e.message : String(e)})`);
      setScreen("chooser");
      return;
    }
    restore(json, file.name);
  };
  const save = () => {
    if (!game) return;
    const name = game.gameSetup.scenario.replace(/[^A-Za-z0-9.-]+/g, "-");
    download(`tercio-${game.system.id}-${name}-${game.setup.seed}.json`, toSavedGame(game));
  };
  const openFile = () => fileRef.current?.click();

  return (
    <>
      <JsonFileInput inputRef={fileRef} testId="file-input" onFile={onFile} />
      <JsonFileInput inputRef={rulesRef} testId="rules-input" onFile={onRulesFile} />
      {online ? (
        <OnlineScreen
          key={`${online.game}/${online.token}`}
          link={online}
          systems={onlineSystems}
          onExit={() => {
            leaveOnline();
            setScreen("chooser");
          }}
          onLoad={openFile}
        />
      ) : screen === "chooser" || !game ? (
        <Chooser
          catalog={catalog}
          systems={systems}
          system={chosenSystem}
          onSystem={setChosenSystem}
          onStart={start}
          onLoad={openFile}
          error={error}
          rules={{
            version: catalog.rules.version,
            custom: rules.text !== undefined,
            onLoad: () => rulesRef.current?.click(),
            onBuiltIn: backToBuiltInRules,
          }}
          onContinue={
            game
              ? () => setScreen("game")
              : saved
                ? () => {
                    restore(saved, "the autosaved game");
                    setSaved(undefined);
                  }
                : undefined
          }
        />
      ) : !view ? (
        <p className="message error">This page cannot show a game of {game.system.id}.</p>
      ) : screen === "replay" ? (
        <ReplayViewer game={game} view={view} onClose={() => setScreen("game")} />
      ) : (
        <GameShell
          game={game}
          view={view}
          rulesText={game.system.id === "musket-and-pike" ? rules.text : undefined}
          onGame={onGame}
          onSave={save}
          onLoad={openFile}
          onReplay={() => setScreen("replay")}
          onExit={() => setScreen("chooser")}
        />
      )}
    </>
  );
}
