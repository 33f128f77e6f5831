import { useEffect, useRef, useState } from "react";
import { act, type Game, toAct } from "../shell/session.js";
import { AiClient } from "./client.js";
import { type FrameBatch, frameBatch, nextFrame, paced } from "./frame-batch.js";

const ai = new AiClient();
/** How often the page shows the AI's latest actions while it plays a run of them (frame-batch.ts, `paced`). */
const AI_SHOWN_EVERY_MS = 100;

/**
 * Starts the AI's worker now, with `system`'s rules loaded, before a game needs it: the chooser calls it
 * when a seat is given to the AI.
 */
export function warmAi(system: string): void {
  ai.warm(system);
}

/**
 * One run of the AI's play, from a game the page handed it: the newest game
 * it has made (`latest`) and the ones it handed back (`handed`).
 */
interface Run {
  live: boolean;
  latest: Game;
  /**
   * Every game this run handed the page. React runs an effect after its
   * render, and the run may have handed over a newer game by then: an older
   * one of its own coming back is not a new game to start from.
   */
  readonly handed: WeakSet<Game>;
  readonly batch: FrameBatch<Game>;
  /** While the page draws what it was just handed: the next question waits for it. */
  drawing: Promise<void> | undefined;
  /** What it was started with: another player's rules file, or another taker of games, starts a new run. */
  readonly rulesText: string | undefined;
  readonly onGame: (g: Game) => void;
}

/**
 * Plays the AI's turns: whenever the player to act is an AI, asks the worker
 * and plays its answer, unless the game has moved on meanwhile (an undo, a
 * side handed back to a human). Keyed on the game alone, so that re-rendering
 * (a hover, a selection) never asks twice.
 *
 * The next question goes to the worker as soon as an answer is played, not
 * after the page has drawn it, so the AI thinks while the page draws; and the
 * games it makes are handed to the page at most once per frame (frame-batch.ts),
 * so a run of quick answers is drawn once (issue 17, defect 15). The questions
 * and answers are the same as one at a time: the same game is played.
 */
export function useAiTurn(
  /** Undefined for an online game: its AI seats play on the server. */
  game: Game | undefined,
  onGame: (g: Game) => void,
  rulesText: string | undefined,
) {
  const [thinking, setThinking] = useState(false);
  const [aiError, setAiError] = useState<string | undefined>();
  const run = useRef<Run | undefined>(undefined);

  useEffect(() => {
    // Online, it leaves its state alone: the game's events would otherwise each set it again.
    if (!game) return;
    // The game this run handed the page: the run goes on (its next question is already asked).
    const now = run.current;
    if (now?.live && now.handed.has(game) && now.rulesText === rulesText && now.onGame === onGame) return;
    stop(now);
    const r: Run = {
      live: true,
      rulesText,
      onGame,
      latest: game,
      handed: new WeakSet([game]),
      batch: frameBatch((g) => {
        if (!r.live) return;
        r.handed.add(g);
        onGame(g);
        const drawn: Promise<void> = afterDrawn().then(() => {
          if (r.drawing === drawn) r.drawing = undefined;
        });
        r.drawing = drawn;
      }, paced(AI_SHOWN_EVERY_MS)),
      drawing: undefined,
    };
    run.current = r;
    // The question whose answer was played last in this run: the worker holds that position, the answer
    // applied, so the next question need not carry it (protocol.ts).
    let after: number | undefined;
    const ask = (g: Game) => {
      const who = toAct(g);
      if (who?.controller.kind !== "ai") {
        setThinking(false);
        return;
      }
      const at = g.entries.length;
      setThinking(true);
      ai.choose({
        system: g.system.id,
        setup: { scenario: g.gameSetup.scenario, options: g.gameSetup.options },
        level: who.controller.level,
        ...(after !== undefined ? { after } : { position: g.system.makePosition(g.position) }),
        // The level's own generator: the game's seed and the action's number, so a replay chooses alike.
        seed: (g.setup.seed + at * 7919) >>> 0,
        ...(rulesText !== undefined ? { rules: rulesText } : {}),
      }).then((reply) => {
        if (!r.live || r.latest !== g) return;
        if (!reply.ok && reply.stale) {
          // The worker no longer holds the position: the same question, with the position.
          after = undefined;
          ask(g);
          return;
        }
        if (!reply.ok) {
          setThinking(false);
          if (reply.message !== "cancelled") setAiError(`The AI could not move: ${reply.message}`);
          return;
        }
        const parsed = g.system.parseAction(reply.action);
        const next = parsed.ok ? act(g, parsed.value) : parsed;
        if (!next.ok) {
          setThinking(false);
          setAiError(`The AI chose an illegal action: ${next.error.message}`);
          return;
        }
        r.latest = next.value;
        r.batch.push(next.value);
        after = reply.id;
        // Not while the page draws: on two cores the worker's thinking then slowed the frame that shows
        // the AI's moves past 50 ms; it thinks in the time between two drawings instead (defect 15).
        const go = () => {
          if (r.live && r.latest === next.value) ask(next.value);
        };
        if (r.drawing) r.drawing.then(go);
        else go();
      });
    };
    ask(game);
  }, [game, onGame, rulesText]);

  // Leaving the page (or this game screen): the run stops, and its waiting game is dropped.
  useEffect(
    () => () => {
      stop(run.current);
      ai.cancel();
    },
    [],
  );

  /** Undo and taking a side back stop any request in flight. */
  const cancel = () => {
    stop(run.current);
    ai.cancel();
  };
  return { thinking, aiError, setAiError, cancel };
}

/**
 * Resolves once the page has drawn what it was just handed: React renders it in a task after the frame
 * that handed it over, and it is painted in the frame after that.
 */
function afterDrawn(): Promise<void> {
  return new Promise((resolve) => {
    nextFrame(() => nextFrame(resolve));
  });
}

function stop(r: Run | undefined): void {
  if (!r) return;
  r.live = false;
  r.batch.cancel();
}
