import * as faceapi from '@vladmandic/face-api';

/** face-api models from our own build (/guest-assets/face/), loaded only at the identity step. */
const base = `${location.origin}/guest-assets/face`;
let ready: Promise<void> | null = null;

export function loadFaceModels(): Promise<void> {
  ready ??= Promise.all([
    faceapi.nets.tinyFaceDetector.loadFromUri(base),
    faceapi.nets.faceLandmark68TinyNet.loadFromUri(base),
    faceapi.nets.faceRecognitionNet.loadFromUri(base),
  ]).then(() => undefined);
  ready.catch(() => {
    ready = null;
  });
  return ready;
}

async function descriptor(image: HTMLCanvasElement): Promise<Float32Array | null> {
  const found = await faceapi
    .detectSingleFace(image, new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.35 }))
    .withFaceLandmarks(true)
    .withFaceDescriptor();
  return found?.descriptor ?? null;
}

/** Below this descriptor distance two faces are taken as the same person (face-api's usual 0.6, stricter). */
const MATCH_DISTANCE = 0.55;

/** Compares the selfie with the face on the document; null when a face is missing in either. */
export async function compareFaces(
  documentImage: HTMLCanvasElement,
  selfie: HTMLCanvasElement,
): Promise<{ score: number; match: boolean } | null> {
  await loadFaceModels();
  const [a, b] = [await descriptor(documentImage), await descriptor(selfie)];
  if (!a || !b) return null;
  const distance = faceapi.euclideanDistance(a, b);
  return { score: Math.round(Math.max(0, 1 - distance) * 1000) / 1000, match: distance < MATCH_DISTANCE };
}
