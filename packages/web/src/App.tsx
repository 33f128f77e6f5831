import { defaultCatalog } from "@tercio/engine";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  type Game,
  type GameSetup,
  restoreGame,
  startGame,
  toSavedGame,
  toStoredGame,
} from "./game/session.js";
import { autosave, download, loadAutosave } from "./storage.js";
import { Chooser } from "./ui/Chooser.js";
import { GameScreen } from "./ui/GameScreen.js";
import { ReplayViewer } from "./ui/ReplayViewer.js";

const catalog = defaultCatalog();
const HOT_SEAT = {
  controllers: { first: { kind: "human" }, second: { kind: "human" } },
  undo: true,
} as const;

type Screen = "chooser" | "game" | "replay";

export function App() {
  const [game, setGame] = useState<Game | undefined>();
  const [screen, setScreen] = useState<Screen>("chooser");
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState<unknown>(() => loadAutosave());
  const fileRef = useRef<HTMLInputElement>(null);

  const onGame = useCallback((g: Game) => {
    setGame(g);
    autosave(toStoredGame(g));
  }, []);

  useEffect(() => {
    document.title =
      game && screen !== "chooser" ? `${game.ctx.scenario.name} — Tercio` : "Tercio — Musket & Pike";
  }, [game, screen]);

  const start = (setup: GameSetup) => {
    const g = startGame(catalog, setup);
    if (!g.ok) {
      setError(g.error.message);
      return;
    }
    setError(undefined);
    onGame(g.value);
    setScreen("game");
  };
  const restore = (json: unknown, source: string) => {
    const g = restoreGame(catalog, json, HOT_SEAT);
    if (!g.ok) {
      setError(`${source}: ${g.error.message}`);
      setScreen("chooser");
      return;
    }
    setError(undefined);
    onGame(g.value);
    setScreen("game");
  };
  const onFile = async (file: File) => {
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
    download(`tercio-${game.ctx.scenario.slug}-${game.setup.seed}.json`, toSavedGame(game));
  };
  const openFile = () => fileRef.current?.click();

  return (
    <>
      <input
        ref={fileRef}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="file-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = "";
          if (f) void onFile(f);
        }}
      />
      {screen === "chooser" || !game ? (
        <Chooser
          catalog={catalog}
          onStart={start}
          onLoad={openFile}
          error={error}
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
      ) : screen === "replay" ? (
        <ReplayViewer game={game} onClose={() => setScreen("game")} />
      ) : (
        <GameScreen
          game={game}
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
