// The identity check's face comparison (issue 27), in a worker thread so the API's event loop keeps
// answering meanwhile: face-api on TensorFlow's WebAssembly backend, the models from the package on disk.
// Images arrive as bytes, are decoded in memory (sharp) and dropped: nothing is written anywhere.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
const sharp = require('sharp');
const models = path.join(path.dirname(require.resolve('@vladmandic/face-api')), '..', 'model');
const detector = new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.35 });

let ready = null;
function load() {
  ready ??= (async () => {
    await faceapi.tf.setBackend('wasm');
    await faceapi.tf.ready();
    await faceapi.nets.tinyFaceDetector.loadFromDisk(models);
    await faceapi.nets.faceLandmark68TinyNet.loadFromDisk(models);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
  })();
  return ready;
}

/** The face descriptor of the one face in an image (JPEG, PNG or WebP bytes), or null. */
async function descriptorOf(bytes) {
  const { data, info } = await sharp(bytes, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const tensor = faceapi.tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32');
  try {
    const found = await faceapi
      .detectSingleFace(tensor, detector)
      .withFaceLandmarks(true)
      .withFaceDescriptor();
    return found?.descriptor ?? null;
  } finally {
    tensor.dispose();
  }
}

parentPort?.on('message', async ({ id, document, selfie }) => {
  try {
    await load();
    const a = await descriptorOf(Buffer.from(document));
    const b = await descriptorOf(Buffer.from(selfie));
    parentPort?.postMessage({
      id,
      faces: { document: a !== null, selfie: b !== null },
      distance: a && b ? faceapi.euclideanDistance(a, b) : null,
    });
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error?.message ?? error) });
  }
});
