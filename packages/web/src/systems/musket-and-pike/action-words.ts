import type { Action } from "@tercio/musket-and-pike";

/** An action in words, for the log's undone lines. */
export function actionWords(a: Action): string {
  switch (a.type) {
    case "move":
      return `move ${a.unit}: ${a.steps.join(" ")}`;
    case "deploy":
      return `deploy ${a.unit} in ${a.hex}`;
    case "undeploy":
      return `take ${a.unit} off the map`;
    case "fire":
      return `${a.unit} fires at ${a.target}`;
    case "attack":
      return `${a.unit} attacks ${a.targets.join(" + ")}`;
    case "withdraw":
      return `withdraw ${a.unit}`;
    case "resolve":
      return `resolve the attack on ${a.target}`;
    case "retreat":
      return `retreat ${a.unit} to ${a.to}`;
    case "advance":
      return a.units.length ? `advance ${a.units.join(", ")}` : "no advance";
    case "reorder":
      return `reorder ${a.hex}: ${a.order.join(", ")}`;
    case "form-square":
      return `form a square in ${a.hex}`;
    case "remove-square":
      return `remove the square in ${a.hex}`;
    case "dismount":
      return `dismount ${a.unit}`;
    case "remount":
      return `remount ${a.unit}`;
    case "end-phase":
      return "end the phase";
  }
}
