/** What a key does in the replay: a step to take, or play/pause; undefined for a key it leaves alone. */
export type ReplayKey =
  | { readonly kind: "go"; readonly to: "start" | "end" | "back" | "forward" }
  | { readonly kind: "toggle" };

/**
 * The replay's keys: Left and Right step one action, Home and End go to the
 * ends, Space plays or pauses. Keys typed into a field, or pressed on a
 * control that has its own use for them (the slider's arrows, a button's
 * Space), stay that control's.
 */
export function replayKey(key: string, targetTag: string | undefined): ReplayKey | undefined {
  if (targetTag === "INPUT" || targetTag === "SELECT" || targetTag === "TEXTAREA") return undefined;
  switch (key) {
    case "ArrowLeft":
      return { kind: "go", to: "back" };
    case "ArrowRight":
      return { kind: "go", to: "forward" };
    case "Home":
      return { kind: "go", to: "start" };
    case "End":
      return { kind: "go", to: "end" };
    case " ":
      return targetTag === "BUTTON" ? undefined : { kind: "toggle" };
    default:
      return undefined;
  }
}

/** The autoplay's speeds, in actions a second. */
export const REPLAY_SPEEDS = [1, 2, 5, 10] as const;
