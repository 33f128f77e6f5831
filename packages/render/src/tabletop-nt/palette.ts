/** 003's terrain tints, beside chapter 11's (../tabletop/palette.ts): brush and the linear pieces added. */
export const NT_AREA_FILL = {
  hill: "#e2cc9a",
  woods: "#8fbf78",
  brush: "#c4cf8e",
  town: "#d9a78f",
  lake: "#9ccbea",
  marsh: "#b7cfb8",
} as const;
export const NT_AREA_STROKE = {
  hill: "#8a6a3c",
  woods: "#3e7a37",
  brush: "#6d7a2f",
  town: "#8e3b27",
  lake: "#3478bd",
  marsh: "#4f7d6a",
} as const;
export const NT_LINEAR = { wall: "#6e6259", gully: "#7b5b3a", riverbank: "#3f6f9a" } as const;
/** A threat zone's tint, and a protected flank's mark. */
export const THREAT = "#c8231b";
export const PROTECTED = "#1d7a3a";
