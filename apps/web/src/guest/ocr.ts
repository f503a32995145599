import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

/** tesseract.js from our own build (vite.config.ts copies it to /guest-assets/), never a CDN. */
const base = `${location.origin}/guest-assets/tesseract`;
let worker: Promise<Worker> | null = null;

function getWorker(onProgress: (progress: number) => void): Promise<Worker> {
  worker ??= createWorker('eng', OEM.LSTM_ONLY, {
    workerPath: `${base}/worker.min.js`,
    corePath: `${base}/`,
    langPath: base,
    gzip: true,
    // Loaded from its own URL: the page's CSP allows no blob: workers.
    workerBlobURL: false,
    logger: (m) => {
      if (m.status.startsWith('loading') || m.status.startsWith('recognizing')) onProgress(m.progress);
    },
  }).then(async (w) => {
    await w.setParameters({
      tessedit_char_whitelist: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<',
      tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    });
    return w;
  });
  worker.catch(() => {
    worker = null;
  });
  return worker;
}

/** The MRZ sits at the bottom of every ICAO document: the lower part alone reads better when the whole fails. */
function lowerPart(canvas: HTMLCanvasElement, share: number): HTMLCanvasElement {
  const out = document.createElement('canvas');
  out.width = canvas.width;
  out.height = Math.round(canvas.height * share);
  out
    .getContext('2d')
    ?.drawImage(canvas, 0, canvas.height - out.height, out.width, out.height, 0, 0, out.width, out.height);
  return out;
}

/** OCR text candidates of a document photo, best first. */
export async function* recognizeMrzText(
  canvas: HTMLCanvasElement,
  onProgress: (progress: number) => void,
): AsyncGenerator<string> {
  const w = await getWorker(onProgress);
  yield (await w.recognize(canvas)).data.text;
  yield (await w.recognize(lowerPart(canvas, 0.4))).data.text;
}
