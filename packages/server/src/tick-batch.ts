/** What tick batching needs of a TCP socket (net.Socket's cork and uncork). */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

const corked = new Set<Corkable>();
let scheduled = false;

/**
 * Holds a socket's writes until the end of this turn of the event loop, so
 * that what one action sends a client (its acknowledgement, its event, the
 * end of the game) leaves in one write, not one system call each. Every
 * socket corked in a turn is uncorked by one setImmediate, after the turn's
 * I/O callbacks: a few microseconds later, never a timer's wait.
 */
export function batchThisTick(socket: Corkable): void {
  if (corked.has(socket)) return;
  socket.cork();
  corked.add(socket);
  if (scheduled) return;
  scheduled = true;
  setImmediate(release);
}

function release(): void {
  scheduled = false;
  const sockets = [...corked];
  corked.clear();
  for (const socket of sockets) socket.uncork();
}
