/**
 * `useUploadProgress`: the state of one file being sent through the shared upload (web/src/api/upload.ts): the
 * bytes sent out of the file's size while it goes out, and `cancel` to abort it. An upload mutation sends its
 * file through `run`: `mutationFn: (file) => tracker.run(file, (f, opts) => uploadNewsCsv(f, opts))`.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { UploadOptions, UploadProgress } from '../../api/upload';

/** What `useUploadProgress` gives. */
export interface UploadTracker {
  /** Bytes sent out of the size while the file goes out; null before, once it is all sent, and after. */
  progress: UploadProgress | null;
  /** Sends `file` through `send`, followed and cancellable; answers what `send` answers. */
  run<T>(file: Blob, send: (file: Blob, opts: UploadOptions) => Promise<T>): Promise<T>;
  /** Aborts the upload under way (its promise rejects with an `AbortError`). */
  cancel(): void;
}

/** The tracker of one upload at a time (see the module's doc). */
export function useUploadProgress(): UploadTracker {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const run = useCallback(async <T,>(file: Blob, send: (file: Blob, opts: UploadOptions) => Promise<T>): Promise<T> => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ loaded: 0, total: file.size });
    try {
      // Once every byte is out the server works on the file: nothing is left to follow or to cancel here.
      return await send(file, { signal: controller.signal, onProgress: (p) => setProgress(p.loaded >= p.total ? null : p) });
    } finally {
      if (abort.current === controller) abort.current = null;
      setProgress(null);
    }
  }, []);
  const cancel = useCallback(() => abort.current?.abort(), []);
  return useMemo(() => ({ progress, run, cancel }), [progress, run, cancel]);
}
