/**
 * Reading an envioFicheroXMLResponse. Its namespace differs between PRE and PROD, so everything is read
 * by local name: `respuesta` (its `error` list of codigo + descripcion, and `peticion`), `resultado/codigoEstadoComunicacion`
 * (0 = OK), and a SOAP `faultstring` when the container failed before the service.
 */
import { XMLParser } from 'fast-xml-parser';
import type { CommunicationResult, PoliceError } from '../police/types.ts';

export interface ErtzaintzaAnswer {
  errors: { code: string; description: string }[];
  /** respuesta/peticion: the request's UUID, the proof of what was accepted. */
  peticion: string | null;
  state: string | null;
  fault: string | null;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'error',
});

type Node = Record<string, unknown>;

/** Depth-first: every value under a key named `name`, arrays flattened. */
function collect(node: unknown, name: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) {
    for (const item of node) collect(item, name, out);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === name) out.push(...(Array.isArray(value) ? value : [value]));
      collect(value, name, out);
    }
  }
  return out;
}

const textOf = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

/** Throws when the text is not XML at all (an HTML error page is still read, then has no errors). */
export function parseErtzaintzaAnswer(xml: string): ErtzaintzaAnswer {
  const root = parser.parse(xml) as Node;
  const errors = collect(root, 'error')
    .filter((e): e is Node => Boolean(e) && typeof e === 'object')
    .map((e) => ({ code: textOf(e.codigo), description: textOf(e.descripcion) }))
    .filter((e) => e.code !== '');
  const respuesta = collect(root, 'respuesta')[0] as Node | undefined;
  const resultado = collect(root, 'resultado').find((r) => r && typeof r === 'object') as Node | undefined;
  const fault = textOf(collect(root, 'faultstring')[0]);
  return {
    errors,
    peticion: textOf(respuesta?.peticion) || textOf(resultado?.peticion) || null,
    state: textOf(resultado?.codigoEstadoComunicacion) || null,
    fault: fault || null,
  };
}

/** `C_1|2_PER43_TI` → communication 1, guest 2, PER43; `C_1_CTO01` → communication 1, CTO01; `PET07` → request. */
export function splitErrorCode(raw: string): { communication?: number; guest?: number; code: string } {
  const person = /^C_(\d+)\|(\d+)_([A-Z0-9]+)(?:_[A-Z]+)?$/.exec(raw);
  if (person)
    return { communication: Number(person[1]), guest: Number(person[2]), code: person[3] as string };
  const comm = /^C_(\d+)_([A-Z0-9]+)$/.exec(raw);
  if (comm) return { communication: Number(comm[1]), code: comm[2] as string };
  return { code: raw };
}

export const AUTH_CODES = new Set(['PET08', 'PET09', 'PET10', '403']);
export const isTransientCode = (code: string) => code === '999' || code === 'INT01' || /^90[0-6]$/.test(code);

/**
 * The answer's errors spread over `count` communications in the order sent. CTO01 ("el contrato ya
 * existe") alone means the authority already had it: a duplicate, accepted. A communication without
 * errors carries the peticion as its proof.
 */
export function resultsOf(answer: ErtzaintzaAnswer, count: number): CommunicationResult[] {
  const results: CommunicationResult[] = Array.from({ length: count }, () => ({ errors: [] }));
  const duplicates = new Set<number>();
  for (const raw of answer.errors) {
    const { communication, guest, code } = splitErrorCode(raw.code);
    // Request-level codes (PET…, 403, 999) are the client's to throw or reject on, not a communication's.
    if (communication === undefined) continue;
    const index = communication - 1;
    if (index < 0 || index >= count) continue;
    if (code === 'CTO01') {
      duplicates.add(index);
      continue;
    }
    const error: PoliceError = { code, message: raw.description };
    if (guest) error.guest = guest;
    results[index]?.errors.push(error);
  }
  return results.map((result, i) => {
    if (result.errors.length > 0) return result;
    const accepted: CommunicationResult = { errors: [] };
    if (answer.peticion) accepted.communicationCode = answer.peticion;
    if (duplicates.has(i)) accepted.duplicate = true;
    return accepted;
  });
}
