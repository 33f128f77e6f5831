import { levelsOf } from "../ai/protocol.js";
import type { Controller } from "./session.js";

/** Who plays a seat: a person here, or one of the system's AI levels. */
export function ControllerPicker({
  system,
  label,
  value,
  onChange,
  testId,
}: {
  readonly system: string;
  readonly label: string;
  readonly value: Controller;
  readonly onChange: (c: Controller) => void;
  readonly testId: string;
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
        {levelsOf(system).map((l) => (
          <option key={l.id} value={l.id}>
            AI — {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}
