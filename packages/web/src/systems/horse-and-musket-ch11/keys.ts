/**
 * The board's keys as commands (headless: the component maps a keydown to
 * one and acts on it). With a unit selected the arrows draw its move; with
 * none, or with Shift, they pan; + and − zoom.
 */
export type KeyCommand =
  | { readonly kind: "zoom"; readonly dir: 1 | -1 }
  | { readonly kind: "home" }
  | { readonly kind: "pan"; readonly dx: -1 | 0 | 1; readonly dy: -1 | 0 | 1 }
  | { readonly kind: "leg"; readonly dir: 1 | -1 }
  | { readonly kind: "pivot"; readonly dir: 1 | -1 }
  | { readonly kind: "enter" }
  | { readonly kind: "escape" };

export interface KeyInput {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
}

const PAN: Record<string, [-1 | 0 | 1, -1 | 0 | 1]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

export function keyCommand(e: KeyInput, drawing: boolean): KeyCommand | undefined {
  if (e.ctrlKey || e.metaKey) return undefined;
  switch (e.key) {
    case "+":
    case "=":
      return { kind: "zoom", dir: 1 };
    case "-":
    case "_":
      return { kind: "zoom", dir: -1 };
    case "0":
      return { kind: "home" };
    case "Enter":
      return { kind: "enter" };
    case "Escape":
      return { kind: "escape" };
  }
  const pan = PAN[e.key];
  if (!pan) return undefined;
  if (!drawing || e.shiftKey) return { kind: "pan", dx: pan[0], dy: pan[1] };
  if (e.key === "ArrowUp") return { kind: "leg", dir: 1 };
  if (e.key === "ArrowDown") return { kind: "leg", dir: -1 };
  return { kind: "pivot", dir: e.key === "ArrowRight" ? 1 : -1 };
}
