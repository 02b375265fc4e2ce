import type { BlobDigest, IncomingBlob } from './artifact-store.js';

/** The blobs a store has received and not yet committed or discarded, each with its temp file or object. */
export interface PendingBlobs<T> {
  /** The received blob: its digest, and a discard() that removes `temp` once unless it was committed. */
  add(digest: BlobDigest, temp: T): IncomingBlob;
  /**
   * The temp of `blob` to commit, or undefined when it is committed already.
   * @throws TypeError for a blob of another store, or one discarded
   */
  toCommit(blob: IncomingBlob): T | undefined;
  /** After the commit: discard() does nothing from now on. */
  committed(blob: IncomingBlob): void;
}

/** The store owns each temp; callers only ever see the digest and discard(). */
export function createPendingBlobs<T>(remove: (temp: T) => Promise<void>): PendingBlobs<T> {
  const pending = new WeakMap<IncomingBlob, { temp: T; state: 'pending' | 'committed' | 'discarded' }>();
  return {
    add(digest, temp) {
      const blob: IncomingBlob = {
        ...digest,
        async discard() {
          const entry = pending.get(blob);
          if (entry?.state !== 'pending') return;
          entry.state = 'discarded';
          await remove(entry.temp);
        },
      };
      pending.set(blob, { temp, state: 'pending' });
      return Object.freeze(blob);
    },
    toCommit(blob) {
      const entry = pending.get(blob);
      if (!entry) throw new TypeError('commit() needs a blob received by this store');
      if (entry.state === 'discarded') throw new TypeError(`blob ${blob.sha256} was discarded`);
      return entry.state === 'committed' ? undefined : entry.temp;
    },
    committed(blob) {
      const entry = pending.get(blob);
      if (entry) entry.state = 'committed';
    },
  };
}
