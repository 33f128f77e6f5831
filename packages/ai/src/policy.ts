import type {
  Action as MpAction,
  GameContext as MpContext,
  Position as MpPosition,
} from "@tercio/musket-and-pike";
import type { PolicyRng } from "./rng.js";

/**
 * A player of some rule system: given the game's context and the position,
 * the action it takes now. Called only for the seat the system says is to
 * act (`toAct`). It must return an action the system accepts, and each
 * action must make progress, so that a game between two policies ends.
 *
 * `choose` is a method, so a policy of one system (Ctx, Pos, Act its own
 * types) is a `Policy<unknown, unknown, unknown>` without a cast: that is
 * how a generic host holds the players of any system, and it only ever
 * hands a policy what the policy's own system gave it.
 *
 * The type parameters default to Musket & Pike's, for the hosts not yet
 * written over RuleSystem (the server and the browser); the defaults go
 * once those are.
 */
export interface Policy<Ctx = MpContext, Pos = MpPosition, Act = MpAction> {
  readonly name: string;
  choose(ctx: Ctx, position: Pos, rng: PolicyRng): Act;
}

/** A policy as a generic host holds it: of some system, its types opaque. */
export type AnyPolicy = Policy<unknown, unknown, unknown>;
