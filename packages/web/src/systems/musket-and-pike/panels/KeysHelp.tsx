import { memo } from "react";
import { BOARD_KEYS } from "../board-keys.js";

/** The map's keys in one list (Tab reaches everything else). */
const MAP_KEYS: readonly (readonly [string, string])[] = [
  ["Arrow keys", "move the cursor hex to hex (the map has the focus)"],
  ["Enter or Space", "act on the cursor's hex, as a click does"],
  ["Shift+Enter", "add the cursor's stack to the units selected together, or take it out"],
  ["Escape", "cancel the selection"],
  ["+ and −", "zoom in and out; 0 shows the whole map"],
  ["Ctrl+Z", "undo your last action"],
];

/** The keys of the Musket & Pike board, for the side panel (memoized: it never changes). */
export const KeysHelp = memo(function KeysHelp() {
  return (
    <details className="keys-help" data-testid="keys-help">
      <summary>Keys</summary>
      <dl>
        {BOARD_KEYS.map((k) => (
          <div key={k.key}>
            <dt>
              <kbd>{k.key.toUpperCase()}</kbd>
            </dt>
            <dd>{k.words}</dd>
          </div>
        ))}
        {MAP_KEYS.map(([k, words]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{words}</dd>
          </div>
        ))}
      </dl>
      <p className="hint">The letter keys work anywhere but in a text field.</p>
      <dl>
        <div>
          <dt>Click a stack twice</dt>
          <dd>select all its units that can move (or its top two that can fire or attack)</dd>
        </div>
        <div>
          <dt>Shift-click</dt>
          <dd>add a stack to the units selected together, or take it out</dd>
        </div>
        <div>
          <dt>Shift-drag</dt>
          <dd>select the units in a rectangle: stacks in several hexes move as a formation</dd>
        </div>
        <div>
          <dt>Target, then again</dt>
          <dd>weigh an attack's odds, then allocate it</dd>
        </div>
      </dl>
    </details>
  );
});
