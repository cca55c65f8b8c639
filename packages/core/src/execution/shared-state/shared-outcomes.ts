import type { Outcome } from '../../retrieval/outcome-memory.js';
import type { StateSync } from './state-sync.js';

interface SharedOutcome extends Outcome {
  at: number;
}

/** Outcomes are kept this long in the store (retrieval weighs old ones little anyway). */
const OUTCOME_TTL_MS = 30 * 24 * 60 * 60_000;
/** A replica starting up replays at most this many of the latest outcomes. */
const REPLAY_WINDOW = 5000;
/** Read at most this many per round, so one round stays short. */
const PER_ROUND = 1000;
/** A missing entry this close to the head may still be being written: read it next round. */
const IN_FLIGHT_MARGIN = 64;

/**
 * Learned retrieval outcomes shared by replicas: each success that teaches retrieval is appended
 * to a numbered log in the store, and every replica replays the entries it has not seen at each
 * sync round (a new replica, the latest 5,000). Store down: each replica learns from its own
 * calls only, and the outcomes it learned meanwhile stay local.
 */
export class SharedOutcomes {
  readonly #sync: StateSync;
  readonly #apply: (outcome: Outcome) => void;
  /** Sequence numbers this process wrote (already applied here). */
  readonly #mine = new Set<number>();
  #last: number | undefined;

  constructor(sync: StateSync, apply: (outcome: Outcome) => void) {
    this.#sync = sync;
    this.#apply = apply;
    sync.every(() => this.pull());
  }

  /** This process learned an outcome: append it for the others. */
  recorded(outcome: Outcome): void {
    const sync = this.#sync;
    const entry: SharedOutcome = { ...outcome, at: outcome.at ?? sync.now() };
    sync.fire('outcomes', async () => {
      const sequence = await sync.store.increment(sync.key('outcomes', 'head'));
      this.#mine.add(sequence);
      await sync.store.set(sync.key('outcomes', String(sequence)), entry, {
        ttlMs: OUTCOME_TTL_MS,
      });
    });
  }

  async pull(): Promise<void> {
    const sync = this.#sync;
    const head = await sync.attempt('outcomes', () =>
      sync.store.get<number>(sync.key('outcomes', 'head')),
    );
    if (typeof head !== 'number') return;
    let sequence = this.#last ?? Math.max(0, head - REPLAY_WINDOW);
    const end = Math.min(head, sequence + PER_ROUND);
    while (sequence < end) {
      const next = sequence + 1;
      if (this.#mine.delete(next)) {
        sequence = next;
        continue;
      }
      const entry = await sync.attempt('outcomes', () =>
        sync.store.get<SharedOutcome>(sync.key('outcomes', String(next))),
      );
      if (entry === undefined && (sync.unavailable || head - next < IN_FLIGHT_MARGIN)) break;
      if (entry && typeof entry.query === 'string' && typeof entry.tool === 'string') {
        try {
          this.#apply(entry);
        } catch {
          // A malformed entry must not stop the replay.
        }
      }
      sequence = next;
    }
    this.#last = sequence;
  }
}
