import { useEffect, useRef, useState } from "react";
import { act, type Game, toAct } from "../shell/session.js";
import { AiClient } from "./client.js";

const ai = new AiClient();

/**
 * Plays the AI's turns: whenever the player to act is an AI, asks the worker
 * and plays its answer, unless the game has moved on meanwhile (an undo, a
 * side handed back to a human). Keyed on the game alone, so that re-rendering
 * (a hover, a selection) never asks twice.
 */
export function useAiTurn(
  /** Undefined for an online game: its AI seats play on the server. */
  game: Game | undefined,
  onGame: (g: Game) => void,
  rulesText: string | undefined,
) {
  const [thinking, setThinking] = useState(false);
  const [aiError, setAiError] = useState<string | undefined>();
  const current = useRef(game);
  current.current = game;

  useEffect(() => {
    // Online, it leaves its state alone: the game's events would otherwise each set it again.
    if (!game) return;
    const who = toAct(game);
    if (who?.controller.kind !== "ai") {
      setThinking(false);
      return;
    }
    const at = game.entries.length;
    setThinking(true);
    let live = true;
    ai.choose({
      system: game.system.id,
      setup: { scenario: game.gameSetup.scenario, options: game.gameSetup.options },
      level: who.controller.level,
      position: game.system.makePosition(game.position),
      // The level's own generator: the game's seed and the action's number, so a replay chooses alike.
      seed: (game.setup.seed + at * 7919) >>> 0,
      ...(rulesText !== undefined ? { rules: rulesText } : {}),
    }).then((reply) => {
      if (!live || current.current !== game) return;
      setThinking(false);
      if (!reply.ok) {
        if (reply.message !== "cancelled") setAiError(`The AI could not move: ${reply.message}`);
        return;
      }
      const parsed = game.system.parseAction(reply.action);
      const r = parsed.ok ? act(game, parsed.value) : parsed;
      if (!r.ok) setAiError(`The AI chose an illegal action: ${r.error.message}`);
      else onGame(r.value);
    });
    return () => {
      live = false;
    };
  }, [game, onGame, rulesText]);

  useEffect(() => () => ai.cancel(), []);

  /** Undo and taking a side back stop any request in flight. */
  const cancel = () => ai.cancel();
  return { thinking, aiError, setAiError, cancel };
}
