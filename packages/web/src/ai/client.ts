import type { AiRequest, AiResponse, AiWarmUp } from "./protocol.js";

/** The page's side of the AI worker: one request in flight, answered by a promise. */
export class AiClient {
  private worker: Worker | undefined;
  private next = 1;
  private pending = new Map<number, (r: AiResponse) => void>();

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (e: MessageEvent<AiResponse>) => {
      const done = this.pending.get(e.data.id);
      this.pending.delete(e.data.id);
      done?.(e.data);
    };
    worker.onerror = (e) => {
      for (const [id, done] of this.pending)
        done({ id, ok: false, message: `the AI worker failed: ${e.message}` });
      this.pending.clear();
      this.worker?.terminate();
      this.worker = undefined;
    };
    this.worker = worker;
    return worker;
  }

  /**
   * Starts the worker ahead of its first question, and has it load `system`'s rules: loading its script
   * and the rules takes a moment of both cores, which would otherwise fall on the game's opening, as the
   * board is first drawn (defect 15).
   */
  warm(system: string): void {
    const warmUp: AiWarmUp = { warmUp: system };
    this.start().postMessage(warmUp);
  }

  choose(ask: Omit<AiRequest, "id">): Promise<AiResponse> {
    const id = this.next++;
    const req: AiRequest = { ...ask, id };
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.start().postMessage(req);
    });
  }

  /** Drops any request in flight (a new game, undo, leaving the page). */
  cancel(): void {
    for (const [id, done] of this.pending) done({ id, ok: false, message: "cancelled" });
    this.pending.clear();
    this.worker?.terminate();
    this.worker = undefined;
  }
}
