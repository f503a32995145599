import { Worker } from 'node:worker_threads';

/** What the worker found: a face on each image, and their descriptors' distance when both had one. */
export interface FaceComparison {
  faces: { document: boolean; selfie: boolean };
  distance: number | null;
}

export type VerdictReason = 'match' | 'mismatch' | 'no_face_document' | 'no_face_selfie';

/** Below this descriptor distance two faces are taken as the same person (face-api's usual 0.6, stricter). */
export const MATCH_DISTANCE = 0.55;

/** The server's verdict on a comparison: match or why not, and a 0–1 score (1 − distance). */
export function verdictOf(c: FaceComparison): { match: boolean; score: number; reason: VerdictReason } {
  if (!c.faces.document) return { match: false, score: 0, reason: 'no_face_document' };
  if (!c.faces.selfie || c.distance === null) return { match: false, score: 0, reason: 'no_face_selfie' };
  const score = Math.round(Math.max(0, 1 - c.distance) * 1000) / 1000;
  const match = c.distance < MATCH_DISTANCE;
  return { match, score, reason: match ? 'match' : 'mismatch' };
}

export interface FaceMatcher {
  compare(document: Uint8Array, selfie: Uint8Array): Promise<FaceComparison>;
  close(): Promise<void>;
}

/** A comparison that takes longer than this (a stuck worker) fails; the guest may try again. */
const COMPARE_TIMEOUT_MS = 60_000;

/**
 * One worker thread, started on the first comparison (its models take a few seconds to load) and ended
 * with the app; comparisons run one after another in it.
 */
export function createFaceMatcher(): FaceMatcher {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (c: FaceComparison) => void; reject: (e: Error) => void }>();

  const failAll = (error: Error) => {
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
    worker = null;
  };
  const start = () => {
    const w = new Worker(new URL('./face-match.worker.mjs', import.meta.url));
    w.unref();
    w.on('message', (m: { id: number; error?: string } & Partial<FaceComparison>) => {
      const pending = waiting.get(m.id);
      if (!pending) return;
      waiting.delete(m.id);
      if (m.error) pending.reject(new Error(m.error));
      else pending.resolve({ faces: m.faces as FaceComparison['faces'], distance: m.distance ?? null });
    });
    w.on('error', failAll);
    w.on('exit', () => failAll(new Error('the face matcher stopped')));
    return w;
  };

  return {
    compare(document, selfie) {
      worker ??= start();
      const id = nextId++;
      const running = worker;
      return new Promise<FaceComparison>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error('the face comparison timed out'));
        }, COMPARE_TIMEOUT_MS);
        waiting.set(id, {
          resolve: (c) => {
            clearTimeout(timer);
            resolve(c);
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        });
        running.postMessage({ id, document, selfie });
      });
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}
