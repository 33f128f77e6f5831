import type { Seat } from "@tercio/core";
import { warmAi } from "../ai/use-ai-turn.js";
import { ControllerPicker } from "../shell/ControllerPicker.js";
import type { Controller } from "../shell/session.js";
import { freshSeed } from "./fresh-seed.js";

/** Who plays each seat, for the chooser of any system. */
export function PlayersFields({
  system,
  names,
  value,
  onChange,
}: {
  readonly system: string;
  readonly names: Readonly<Record<Seat, string>>;
  readonly value: Readonly<Record<Seat, Controller>>;
  readonly onChange: (seat: Seat, c: Controller) => void;
}) {
  return (
    <fieldset>
      <legend>Players</legend>
      {(["first", "second"] as const).map((seat) => (
        <ControllerPicker
          key={seat}
          system={system}
          label={names[seat]}
          value={value[seat]}
          onChange={(c) => {
            // The worker starts while the player is still choosing, not as the game opens.
            if (c.kind === "ai") warmAi(system);
            onChange(seat, c);
          }}
          testId={`${seat}-controller`}
        />
      ))}
    </fieldset>
  );
}

/** The seed and the undo option, for the chooser of any system; `undoNote` names the system's own rule. */
export function GameFields({
  seed,
  onSeed,
  undo,
  onUndo,
  undoNote,
}: {
  readonly seed: number;
  readonly onSeed: (seed: number) => void;
  readonly undo: boolean;
  readonly onUndo: (undo: boolean) => void;
  readonly undoNote?: string;
}) {
  return (
    <fieldset>
      <legend>Game</legend>
      <label>
        Seed{" "}
        <input
          type="number"
          min={0}
          max={4294967295}
          value={seed}
          onChange={(e) => onSeed(Math.max(0, Math.min(4294967295, Math.floor(Number(e.target.value) || 0))))}
          data-testid="seed"
        />
      </label>{" "}
      <button type="button" onClick={() => onSeed(freshSeed())}>
        New seed
      </button>
      <label className="check">
        <input
          type="checkbox"
          checked={undo}
          onChange={(e) => onUndo(e.target.checked)}
          data-testid="undo-option"
        />{" "}
        Allow undo of your own actions since the last die roll{undoNote ? ` (${undoNote})` : ""}
      </label>
    </fieldset>
  );
}

/** Where the chosen scenario is to be played: at this screen, or on the server with links. */
export type Where = "here" | "online";

/** The two tabs, Play here and Play online, for the chooser of any system. */
export function WhereTabs({
  where,
  onWhere,
}: {
  readonly where: Where;
  readonly onWhere: (w: Where) => void;
}) {
  const tab = (w: Where, words: string) => (
    <button
      type="button"
      aria-pressed={where === w}
      className={where === w ? "picked" : ""}
      onClick={() => onWhere(w)}
      data-testid={`play-${w}-tab`}
    >
      {words}
    </button>
  );
  return (
    <div className="where">
      {tab("here", "Play here")}
      {tab("online", "Play online")}
    </div>
  );
}
