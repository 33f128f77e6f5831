import type { CreatedGame, SeatSetup } from "@tercio/protocol";
import { type ReactNode, useRef, useState } from "react";
import { levelsOf } from "../ai/protocol.js";
import { createGame } from "../online/api.js";
import { hashOf, linkUrl } from "../online/links.js";
import { UNDO_OFF } from "../shell/session.js";
import type { SystemEntry } from "../systems/views.js";

/** A seat as the form holds it: a person with a link (and maybe a webhook), or an AI level played by the server. */
interface SeatChoice {
  readonly kind: string;
  readonly webhook: string;
}

const SIDES = ["first", "second"] as const;

function seatSetup(choice: SeatChoice): SeatSetup {
  if (choice.kind !== "human") return { kind: "ai", level: choice.kind };
  const webhook = choice.webhook.trim();
  return webhook ? { kind: "human", webhook } : { kind: "human" };
}

export interface OnlineCreateProps {
  /** The game's system (its id goes to the server, its view gives the words for undo). */
  readonly entry: SystemEntry;
  readonly scenario: { readonly id: string; readonly name: string };
  /** The seats' names in this scenario, for the form's labels. */
  readonly seatNames: { readonly first: string; readonly second: string };
  /** The system's options for the game (checked by the system's parseSetup on the server). */
  readonly options: Readonly<Record<string, unknown>>;
  /** The system's own option fields, shown in the form after the players (Musket & Pike's optional rules). */
  readonly children?: ReactNode;
}

/**
 * "Play online", for any rule system: a game created on the server for
 * this scenario and options, each side a person holding a link or an AI
 * level the server plays; then the links to hand out.
 */
export function OnlineCreate({ entry, scenario, seatNames, options, children }: OnlineCreateProps) {
  const { system, view } = entry;
  const [seats, setSeats] = useState<Record<(typeof SIDES)[number], SeatChoice>>({
    first: { kind: "human", webhook: "" },
    second: { kind: "human", webhook: "" },
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // Kept on its own: the player may look at another scenario meanwhile.
  const [created, setCreated] = useState<CreatedGame | undefined>();

  if (created) return <CreatedLinks created={created} onAgain={() => setCreated(undefined)} />;

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const game = await createGame({
        system: system.id,
        scenario: scenario.id,
        options: { ...options },
        seats: { first: seatSetup(seats.first), second: seatSetup(seats.second) },
      });
      setCreated(game);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="setup online-create"
      data-testid="online-create"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset>
        <legend>Players</legend>
        {SIDES.map((side) => (
          <div key={side} className="online-seat">
            <label className="controller">
              {seatNames[side]}{" "}
              <select
                value={seats[side].kind}
                onChange={(e) => setSeats({ ...seats, [side]: { ...seats[side], kind: e.target.value } })}
                data-testid={`online-${side}-seat`}
              >
                <option value="human">Human (link)</option>
                {levelsOf(system.id).map((l) => (
                  <option key={l.id} value={l.id}>
                    AI — {l.label}
                  </option>
                ))}
              </select>
            </label>
            {seats[side].kind === "human" && (
              <label className="webhook">
                Webhook (optional){" "}
                <input
                  type="url"
                  placeholder="https://…"
                  value={seats[side].webhook}
                  onChange={(e) =>
                    setSeats({ ...seats, [side]: { ...seats[side], webhook: e.target.value } })
                  }
                  data-testid={`online-${side}-webhook`}
                />
              </label>
            )}
          </div>
        ))}
        <p className="hint">
          A webhook is POSTed a short note whenever it becomes that side's turn (a chat bot, a phone
          notification service).
        </p>
      </fieldset>
      {children}
      <p className="hint">
        Online games are played under the built-in rules data. {view.undoOff?.() ?? UNDO_OFF} The server rolls
        the dice and reveals them when the game is over.
      </p>
      {error && (
        <p className="message error" role="alert" data-testid="online-create-error">
          {error}
        </p>
      )}
      <button type="submit" className="start" disabled={busy} data-testid="online-create-submit">
        {busy ? "Creating…" : `Create ${scenario.name} online`}
      </button>
    </form>
  );
}

/** The links of a new game: one per human seat, one for spectators, each to copy or follow. */
function CreatedLinks({ created, onAgain }: { readonly created: CreatedGame; readonly onAgain: () => void }) {
  const rows = [
    ...SIDES.flatMap((side) => {
      const path = created.links[side];
      return path
        ? [
            {
              key: side,
              label: `${side === "first" ? "First" : "Second"} Player (${created.game.seatNames[side]})`,
              path,
              go: `Play as ${side === "first" ? "First" : "Second"} Player`,
              testId: `seat-link-${side}`,
            },
          ]
        : [];
    }),
    {
      key: "spectator",
      label: "Spectators",
      path: created.links.spectator,
      go: "Watch",
      testId: "spectator-link",
    },
  ];
  return (
    <section className="online-links" data-testid="online-links" aria-label="The game's links">
      <h3>{created.game.scenarioName}: the game is ready</h3>
      <p className="hint">Anyone with a seat link plays that side. Keep it secret.</p>
      {rows.map((r) => (
        <LinkRow
          key={r.key}
          label={r.label}
          url={linkUrl(location.origin, r.path)}
          go={r.go}
          testId={r.testId}
        />
      ))}
      <button type="button" onClick={onAgain}>
        Create another game
      </button>
    </section>
  );
}

function LinkRow(props: { label: string; url: string; go: string; testId: string }) {
  const [copied, setCopied] = useState<"yes" | "no" | undefined>();
  const field = useRef<HTMLInputElement>(null);
  const id = `${props.testId}-field`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.url);
      setCopied("yes");
    } catch {
      // No clipboard (an insecure origin, a refusal): the link is selected for the player to copy.
      field.current?.focus();
      field.current?.select();
      setCopied("no");
    }
  };
  return (
    <div className="link-row">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        ref={field}
        type="text"
        readOnly
        value={props.url}
        onFocus={(e) => e.target.select()}
        data-testid={props.testId}
      />
      <button type="button" onClick={() => void copy()} data-testid={`${props.testId}-copy`}>
        {copied === "yes" ? "Copied" : "Copy"}
      </button>
      <button
        type="button"
        onClick={() => {
          const hash = hashOf(props.url);
          if (hash) location.hash = hash;
        }}
        data-testid={`${props.testId}-open`}
      >
        {props.go}
      </button>
      {copied === "no" && <span className="hint">Selected: copy it with Ctrl+C.</span>}
    </div>
  );
}
