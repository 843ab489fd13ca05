// The calls one end of the session's channel is waiting on, by id: each end numbers its own questions, and
// an answer settles the one with its id. When the other end is gone, every call still waiting fails at once
// rather than hanging.

export class PendingCalls<T> {
  private next = 1;
  private readonly waiting = new Map<number, (outcome: { value: T } | { error: Error }) => void>();

  /** A new call: its id (sent with the question) and the answer to come. */
  start(): { id: number; answer: Promise<T> } {
    const id = this.next++;
    const answer = new Promise<T>((resolve, reject) =>
      this.waiting.set(id, (outcome) =>
        'error' in outcome ? reject(outcome.error) : resolve(outcome.value),
      ),
    );
    return { id, answer };
  }

  /** The answer to call `id` (an unknown id — already settled — is ignored). */
  settle(id: number, value: T): void {
    const done = this.waiting.get(id);
    this.waiting.delete(id);
    done?.({ value });
  }

  /** The other end is gone: every waiting call fails with `error`. */
  failAll(error: Error): void {
    const all = [...this.waiting.values()];
    this.waiting.clear();
    for (const done of all) done({ error });
  }
}
