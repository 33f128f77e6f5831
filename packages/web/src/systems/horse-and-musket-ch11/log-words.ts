import { type Action, type GameEvent, inchesText, type ProgramOp } from "@tercio/horse-and-musket-ch11";

/** Which of the log's filters a chapter-11 event belongs to. */
export function hm11EventKind(event: GameEvent): "combat" | "movement" | "turns" | undefined {
  switch (event.type) {
    case "die-rolled":
    case "shot":
    case "fought":
    case "retreated":
    case "stood":
    case "eliminated":
      return "combat";
    case "moved":
    case "charged":
    case "formed-square":
    case "left-square":
      return "movement";
    case "phase-began":
    case "game-ended":
      return "turns";
  }
}

/** Centidegrees as the player reads a turn: "45º right", "12.5º left". */
export function turnWords(cdeg: number): string {
  return `${Math.abs(cdeg) / 100}º ${cdeg > 0 ? "right" : "left"}`;
}

function opWords(op: ProgramOp): string {
  switch (op.op) {
    case "pivot":
      return `pivot ${turnWords(op.cdeg)}`;
    case "advance":
      return `advance ${inchesText(op.ticks)}`;
    case "back":
      return `step back ${inchesText(op.ticks)}`;
    case "road":
      return `${inchesText(op.ticks)} by road`;
  }
}

/** A chapter-11 action in words, for the log's undone lines. */
export function hm11ActionWords(action: Action): string {
  switch (action.type) {
    case "move":
      return `move ${action.unit}: ${action.program.map(opWords).join(", ")}`;
    case "charge":
      return `${action.unit} charges ${action.target}${action.turn ? ` (turning ${turnWords(action.turn)})` : ""}`;
    case "shoot":
      return `${action.unit} shoots at ${action.target}`;
    case "form-square":
      return `${action.unit} forms square`;
    case "leave-square":
      return `${action.unit} leaves square`;
    case "end-phase":
      return "end the phase";
  }
}
