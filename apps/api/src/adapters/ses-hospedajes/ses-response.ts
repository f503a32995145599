/**
 * SES.Hospedajes answers, read tolerantly by local name (the namespace prefixes vary: ns2, ns3,
 * SOAP-ENV) and accepting the spellings the service really sends beside the XSD's: `codigoRetorno` for
 * `codigo`, `resutadoComunicacion` for `resultadoComunicacion`, `tipoComuniacion` for
 * `tipoComunicacion`, and `fechaProcesamiento` with a space and no offset (Madrid time).
 */

import { instantOfWallTime } from '@posada/domain/zoned-time';
import { XMLParser } from 'fast-xml-parser';

export interface SesRow {
  orden: number;
  anulada: boolean;
  codigoComunicacion: string | null;
  tipoError: string | null;
  error: string | null;
}

export interface SesLote {
  lote: string;
  tipoComunicacion: string;
  tipoOperacion: string;
  fechaPeticion: Date | null;
  fechaProcesamiento: Date | null;
  codigoEstado: number;
  descEstado: string;
  rows: SesRow[];
}

export interface SesAnswer {
  /** A SOAP Fault instead of an answer. */
  fault: { code: string; message: string } | null;
  /** `codigo` / `codigoRetorno` of `respuesta` (or catalogo's `resultado`); null when absent. */
  codigo: number | null;
  descripcion: string;
  lote: string | null;
  lotes: SesLote[];
  /** catalogo rows. */
  tuplas: { codigo: string; descripcion: string }[];
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
});

const asArray = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value).replace(/\s+/g, ' ').trim() : '';
/** The first of several possible names (the official spellings and the ones the service sends). */
const pick = (node: Node, ...names: string[]) => {
  for (const name of names) if (node[name] !== undefined) return node[name];
  return undefined;
};
const int = (value: unknown): number | null => {
  const n = Number.parseInt(text(value), 10);
  return Number.isFinite(n) ? n : null;
};

/** xsd:dateTime with or without offset, or "2026-04-17 18:37:17" (Madrid wall clock); null if unreadable. */
export function parseSesDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.exec(
    value.trim(),
  );
  if (!m) return null;
  if (m[8]) return new Date(value.trim().replace(' ', 'T'));
  const [, y, mo, d, h, mi, s, frac] = m;
  const wall = Date.UTC(
    +(y as string),
    +(mo as string) - 1,
    +(d as string),
    +(h as string),
    +(mi as string),
    +(s as string),
  );
  const ms = frac ? Math.round(Number(frac) * 1000) : 0;
  return new Date(instantOfWallTime(wall, 'Europe/Madrid') + ms);
}

/** Every node named `name` anywhere below `node` (depth first, document order). */
function findAll(node: unknown, names: string[], out: Node[] = []): Node[] {
  for (const item of asArray(node)) {
    if (!isNode(item)) continue;
    for (const [key, value] of Object.entries(item)) {
      if (names.includes(key)) out.push(...asArray(value).filter(isNode));
      else findAll(value, names, out);
    }
  }
  return out;
}

function readRow(node: Node, index: number): SesRow {
  return {
    // The live service may leave orden out: the rows are then in the order sent.
    orden: int(node.orden) ?? index + 1,
    anulada: text(node.anulada) === 'true',
    codigoComunicacion: text(node.codigoComunicacion) || null,
    tipoError: text(node.tipoError) || null,
    error: text(node.error) || null,
  };
}

function readLote(node: Node): SesLote {
  const rows = findAll(node.resultadoComunicaciones ?? node, [
    'resultadoComunicacion',
    'resutadoComunicacion',
  ]);
  return {
    lote: text(node.lote),
    tipoComunicacion: text(pick(node, 'tipoComunicacion', 'tipoComuniacion')),
    tipoOperacion: text(node.tipoOperacion),
    fechaPeticion: parseSesDate(text(node.fechaPeticion)),
    fechaProcesamiento: parseSesDate(text(node.fechaProcesamiento)),
    codigoEstado: int(node.codigoEstado) ?? 0,
    descEstado: text(node.descEstado),
    rows: rows.map(readRow).sort((a, b) => a.orden - b.orden),
  };
}

/** Reads any answer of the five operations; throws when it is not XML or has no SOAP Body. */
export function parseSesAnswer(xml: string): SesAnswer {
  const doc = parser.parse(xml) as Node;
  const body = findAll(doc, ['Body'])[0];
  if (!body) throw new Error('not a SOAP answer (no Body)');
  const fault = findAll(body, ['Fault'])[0];
  if (fault) {
    return {
      fault: { code: text(fault.faultcode), message: text(fault.faultstring) || 'SOAP Fault' },
      codigo: null,
      descripcion: '',
      lote: null,
      lotes: [],
      tuplas: [],
    };
  }
  const operation = Object.values(body).find(isNode) ?? {};
  // comunicacion/consultaLote: respuesta{codigo}; catalogo: resultado{codigo} + respuesta{resultado{tupla*}};
  // anulacionLote: codigo at the top.
  const status = [operation.respuesta, operation.resultado, operation]
    .flatMap(asArray)
    .filter(isNode)
    .find(
      (n) => pick(n, 'codigo', 'codigoRetorno') !== undefined && !isNode(pick(n, 'codigo', 'codigoRetorno')),
    );
  const lotes = asArray(operation.resultado)
    .filter(isNode)
    .filter((n) => n.codigoEstado !== undefined)
    .map(readLote);
  const tuplas = findAll(operation.respuesta, ['tupla']).map((t) => ({
    codigo: text(t.codigo),
    descripcion: text(t.descripcion),
  }));
  return {
    fault: null,
    codigo: status ? int(pick(status, 'codigo', 'codigoRetorno')) : null,
    descripcion: status ? text(status.descripcion) : '',
    lote: isNode(operation.respuesta) ? text(operation.respuesta.lote) || null : null,
    lotes,
    tuplas,
  };
}
