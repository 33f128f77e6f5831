/**
 * Hands the newest of a run of values to `commit` once per animation frame:
 * the AI's actions can arrive from its worker faster than the page draws
 * frames (a strong level following its plan answers in a few milliseconds),
 * and drawing the board for each of them, only for the next frame to show
 * the last, was most of the page's work while the AI played (issue 17,
 * defect 15). The values are whole game states, so the last one holds all
 * the actions before it.
 */
export interface FrameBatch<T> {
  /** Keeps `value` as the newest; commits it at the next frame. */
  push(value: T): void;
  /** Commits the newest value now, if one waits. */
  flush(): void;
  /** Drops the value waiting, if any: it is never committed. */
  cancel(): void;
}

/** Schedules a callback; returns what cancels it. */
export type Schedule = (f: () => void) => () => void;

export function frameBatch<T>(commit: (value: T) => void, schedule: Schedule = nextFrame): FrameBatch<T> {
  let waiting: { readonly value: T } | undefined;
  let unschedule: (() => void) | undefined;
  const flush = () => {
    unschedule?.();
    unschedule = undefined;
    const w = waiting;
    waiting = undefined;
    if (w) commit(w.value);
  };
  return {
    push(value) {
      waiting = { value };
      unschedule ??= schedule(flush);
    },
    flush,
    cancel() {
      unschedule?.();
      unschedule = undefined;
      waiting = undefined;
    },
  };
}

/**
 * The next animation frame, or a tenth of a second if frames do not come
 * (a page in a background tab draws none, and the AI must go on playing there).
 */
export const nextFrame: Schedule = (f) => {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    f();
  };
  const frame = requestAnimationFrame(once);
  const timer = setTimeout(once, 100);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};

/**
 * `frame`, but never sooner than `gapMs` after the last callback it ran: the AI's actions shown at most
 * every `gapMs`, several at a time. Drawing the board, the log and the panels for each of up to sixty
 * actions a second left the page's main thread busy two thirds of the time on Lutzen, and the frames
 * that drew fell over 50 ms when the machine's two cores were shared with the AI's worker and the
 * compositor (issue 17, defect 15). A tenth of a second is still faster than a player reads moves.
 * The clock is the page's, for drawing only: the game played is the same, whatever the pace.
 */
export function paced(
  gapMs: number,
  frame: Schedule = nextFrame,
  clock: () => number = () => performance.now(),
): Schedule {
  let last = Number.NEGATIVE_INFINITY;
  return (f) => {
    let unframe: (() => void) | undefined;
    const draw = () => {
      unframe = frame(() => {
        last = clock();
        f();
      });
    };
    const wait = last + gapMs - clock();
    if (wait <= 0) {
      draw();
      return () => unframe?.();
    }
    const timer = setTimeout(draw, wait);
    return () => {
      clearTimeout(timer);
      unframe?.();
    };
  };
}
