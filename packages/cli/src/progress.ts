/**
 * A progress report for long runs, on standard error: a bar redrawn in place
 * on a terminal, or a plain line every so often when standard error is a file
 * or a pipe (a CI log gets no carriage returns and no escape codes).
 */

/** Where the progress goes: process.stderr, or a test's stand-in. */
export interface ProgressStream {
  readonly isTTY?: boolean | undefined;
  /** The terminal's width, when it is one. */
  readonly columns?: number | undefined;
  write(text: string): unknown;
}

export interface ProgressOptions {
  /** How many items the run has. */
  readonly total: number;
  /** "balance greedy" */
  readonly label: string;
  readonly stream: ProgressStream;
  /** Milliseconds, monotonic; default performance.now. */
  readonly now?: () => number;
  /** At most one plain line per this many milliseconds (default 10 s). */
  readonly lineEveryMs?: number;
  /** At most one redraw of the bar per this many milliseconds (default 100). */
  readonly redrawEveryMs?: number;
}

export interface Progress {
  /** One more item done; `note` (a scenario, a result) is shown beside the bar. */
  tick(note?: string): void;
  /** The run is over (or stopped): the bar's line is finished with a newline. */
  finish(): void;
}

/** "1:05", "1:02:03" */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return hh > 0 ? `${hh}:${String(mm).padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

/** "12/36 (33%), 0:12 elapsed, about 0:24 left" */
function status(done: number, total: number, elapsed: number): string {
  const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
  const left = done > 0 && done < total ? `, about ${duration((elapsed / done) * (total - done))} left` : "";
  return `${done}/${total} (${pct}%), ${duration(elapsed)} elapsed${left}`;
}

const noProgress: Progress = { tick() {}, finish() {} };

export function createProgress(options: ProgressOptions): Progress {
  const { total, label, stream } = options;
  if (total <= 0) return noProgress;
  const now = options.now ?? (() => performance.now());
  const start = now();
  let done = 0;
  let last = Number.NEGATIVE_INFINITY;
  let finished = false;

  if (stream.isTTY) {
    const redrawEvery = options.redrawEveryMs ?? 100;
    // A terminal of unknown width (0 under some wrappers) is taken as 80 columns.
    const columns = stream.columns !== undefined && stream.columns > 0 ? stream.columns : 80;
    const width = Math.max(20, columns - 1);
    const barWidth = width >= 100 ? 30 : width >= 60 ? 20 : 10;
    const draw = (note: string) => {
      const filled = Math.round((done / total) * barWidth);
      const head = `[${"#".repeat(filled)}${"-".repeat(barWidth - filled)}] ${label} ${status(done, total, now() - start)}`;
      // The note goes first when the line is too long, then the end of the status.
      const room = width - head.length - 2;
      const line = note !== "" && room >= 8 ? `${head}  ${note.slice(0, room)}` : head.slice(0, width);
      // \r and "erase line": the bar is redrawn where it stands.
      stream.write(`\r\x1b[2K${line}`);
    };
    draw("");
    return {
      tick(note = "") {
        done++;
        const t = now();
        if (done < total && t - last < redrawEvery) return;
        last = t;
        draw(note);
      },
      finish() {
        if (finished) return;
        finished = true;
        draw("");
        stream.write("\n");
      },
    };
  }

  const lineEvery = options.lineEveryMs ?? 10_000;
  last = start;
  return {
    tick() {
      done++;
      const t = now();
      if (done < total && t - last < lineEvery) return;
      last = t;
      stream.write(`${label}: ${status(done, total, t - start)}\n`);
      if (done >= total) finished = true;
    },
    finish() {
      if (finished) return;
      finished = true;
      stream.write(`${label}: stopped at ${status(done, total, now() - start)}\n`);
    },
  };
}
