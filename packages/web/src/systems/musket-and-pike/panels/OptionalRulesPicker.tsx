import { OPTIONAL_RULES, type OptionalRule, type Scenario } from "@tercio/musket-and-pike";

export const OPTIONAL_NAMES: Record<OptionalRule, string> = {
  caracolla: "11.0 Caracolla",
  "infantry-squares": "12.0 Infantry Squares",
  "road-movement": "13.0 Road Movement",
  "dismounting-cavalry": "14.0 Dismounting Cavalry",
  "artillery-capture": "15.0 Artillery Capture",
};

/** The optional rules to play with; those the scenario requires are ticked and fixed. */
export function OptionalRulesPicker({
  scenario,
  value,
  onChange,
}: {
  readonly scenario: Scenario;
  readonly value: readonly OptionalRule[];
  readonly onChange: (rules: OptionalRule[]) => void;
}) {
  return (
    <fieldset>
      <legend>Optional rules</legend>
      {OPTIONAL_RULES.map((r) => {
        const required = scenario.requiredOptionalRules.includes(r);
        return (
          <label key={r} className="check">
            <input
              type="checkbox"
              checked={required || value.includes(r)}
              disabled={required}
              onChange={(e) => onChange(e.target.checked ? [...value, r] : value.filter((o) => o !== r))}
            />{" "}
            {OPTIONAL_NAMES[r]}
            {required ? " (this scenario requires it)" : ""}
          </label>
        );
      })}
    </fieldset>
  );
}
