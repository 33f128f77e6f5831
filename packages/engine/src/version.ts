/**
 * The engine's version, recorded by online games and checked when one is
 * loaded: a game stored by another engine version could replay differently,
 * so it is refused with a clear message rather than replayed wrong. Raise it
 * with any change that alters how a logged action plays out.
 */
export const ENGINE_VERSION = "0.2.0";
