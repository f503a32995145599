/**
 * A local SES.Hospedajes (tests and e2e only): the SOAP endpoint at /hospedajes-web/ws/v1/comunicacion,
 * stateful like the real one. It checks the path, HTTP Basic and the SOAPAction header, unzips the
 * `solicitud` and validates it against the official XSD (codigo 10121 with xmllint's message when it does
 * not validate), queues altas as lotes that `consultaLote` shows in state 5, then 4, then 1 (or 6 when a
 * person's first surname is RECHAZO), cancels communications (B) and answers catalogo tables.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { XMLParser } from 'fast-xml-parser';
import { listenLocally, scriptedAnswers } from '../fake-http.ts';
import { unzipBase64 } from './ses-xml.ts';
import { validateSesXml } from './ses-xsd.ts';

export const SES_PATH = '/hospedajes-web/ws/v1/comunicacion';

/** One request as the fake understood it. */
export interface SesReceived {
  operation: string;
  authorization: string;
  soapAction: string | undefined;
  /** The SOAP envelope as received. */
  body: string;
  tipoOperacion?: string;
  tipoComunicacion?: string;
  codigoArrendador?: string;
  aplicacion?: string;
  /** The unzipped `solicitud` of comunicacion. */
  xml?: string;
}

export interface SesStoredCommunication {
  lote: string;
  kind: string;
  /** 1-based order in the lote. */
  order: number;
  reference: string;
  surnames: string[];
  /** The proof code once processed (null while pending or when rejected). */
  code: string | null;
  error: string | null;
  cancelled: boolean;
}

export interface FakeSes {
  base: string;
  env: { SES_URL: string };
  username: string;
  password: string;
  received: SesReceived[];
  communications: SesStoredCommunication[];
  /** The next `count` requests answer this (HTTP status and raw XML body) instead. */
  failNext(answer: { status: number; body: string }, count?: number): void;
  /** The next `count` requests get no answer at all. */
  hangNext(count?: number): void;
  close(): Promise<void>;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
});
type Node = Record<string, unknown>;
const list = (v: unknown): Node[] => (v === undefined ? [] : ((Array.isArray(v) ? v : [v]) as Node[]));
const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const envelope = (body: string) =>
  '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Header/>' +
  `<SOAP-ENV:Body>${body}</SOAP-ENV:Body></SOAP-ENV:Envelope>`;
const NS3 = 'xmlns:ns3="http://www.soap.servicios.hospedajes.mir.es/comunicacion"';
const respuesta = (codigo: number, descripcion: string, lote?: string) =>
  `<respuesta><codigo>${codigo}</codigo><descripcion>${esc(descripcion)}</descripcion>${lote ? `<lote>${lote}</lote>` : ''}</respuesta>`;
const fault = (code: string, message: string) =>
  envelope(
    `<SOAP-ENV:Fault><faultcode>SOAP-ENV:${code}</faultcode><faultstring>${esc(message)}</faultstring></SOAP-ENV:Fault>`,
  );

/** A version-1 (time-based) looking UUID, as SES hands out. */
function timeUuid(): string {
  const hex = (BigInt(Date.now()) * 10_000n + 0x01b21dd213814000n).toString(16).padStart(15, '0').slice(-15);
  const node = randomBytes(8).toString('hex');
  return `${hex.slice(7, 15)}-${hex.slice(3, 7)}-1${hex.slice(0, 3)}-${node.slice(0, 4)}-${node.slice(4, 16)}`;
}

const CATALOGS: Record<string, [string, string][]> = {
  TIPO_DOCUMENTO: [
    ['NIF', 'NIF'],
    ['NIE', 'NIE'],
    ['PAS', 'Pasaporte'],
    ['OTRO', 'Otro'],
  ],
  SEXO: [
    ['H', 'Hombre'],
    ['M', 'Mujer'],
    ['O', 'Otro'],
  ],
};

export async function startFakeSes(
  options: {
    latencyMs?: number;
    username?: string;
    password?: string;
    /** XSD-validate the altas (≈200 ms each with xmllint-wasm); on by default. */
    validate?: boolean;
  } = {},
): Promise<FakeSes> {
  const username = options.username ?? '12345678AWS';
  const password = options.password ?? 'fake-ses-password';
  const validate = options.validate ?? true;
  const received: SesReceived[] = [];
  const communications: SesStoredCommunication[] = [];
  const polls = new Map<string, number>();
  const script = scriptedAnswers<{ status: number; body: string }>();
  const hanging = new Set<ServerResponse>();

  function loteResult(lote: string): string {
    const rows = communications.filter((c) => c.lote === lote);
    const count = polls.get(lote) ?? 0;
    polls.set(lote, count + 1);
    const state = count === 0 ? 5 : count === 1 ? 4 : rows.some((r) => r.error) ? 6 : 1;
    const desc = {
      5: 'Pendiente',
      4: 'En proceso',
      1: 'Lote tramitado sin errores',
      6: 'Tramitado con errores',
    }[state];
    const fecha = new Date().toISOString().slice(0, 19).replace('T', ' ');
    const results =
      state === 1 || state === 6
        ? `<resultadoComunicaciones>${rows
            .map((r) =>
              r.error
                ? `<resutadoComunicacion><orden>${r.order}</orden><tipoError>Error validación de datos</tipoError><error>${esc(r.error)}</error></resutadoComunicacion>`
                : `<resutadoComunicacion><orden>${r.order}</orden>${r.cancelled ? '<anulada>true</anulada>' : ''}<codigoComunicacion>${r.code}</codigoComunicacion></resutadoComunicacion>`,
            )
            .join('')}</resultadoComunicaciones>`
        : '';
    return (
      `<resultado><lote>${lote}</lote><tipoComunicacion>${rows[0]?.kind ?? 'PV'}</tipoComunicacion><tipoOperacion>A</tipoOperacion>` +
      `<fechaProcesamiento>${fecha}</fechaProcesamiento><codigoEstado>${state}</codigoEstado><descEstado>${desc}</descEstado>` +
      `<codigoArrendador>0000000001</codigoArrendador>${results}</resultado>`
    );
  }

  async function alta(kind: string, xml: string, rec: SesReceived): Promise<string> {
    if (kind !== 'PV' && kind !== 'RH') return respuesta(10122, 'Tipo de comunicación no válido');
    if (validate) {
      const errors = await validateSesXml(kind, xml);
      if (errors.length) {
        const detail = (errors[0] ?? '').replace(/^Schemas validity error : /, '');
        return respuesta(10121, `Error de validación: ${detail}`.slice(0, 200));
      }
    }
    const doc = parser.parse(xml) as Node;
    const solicitud = (doc.peticion as Node | undefined)?.solicitud as Node | undefined;
    const lote = randomUUID();
    list(solicitud?.comunicacion).forEach((c, i) => {
      const surnames = list(c.persona).map((p) => String(p.apellido1 ?? ''));
      const rejected = surnames.some((s) => /^RECHAZO$/i.test(s));
      communications.push({
        lote,
        kind,
        order: i + 1,
        reference: String((c.contrato as Node | undefined)?.referencia ?? ''),
        surnames,
        code: rejected ? null : timeUuid(),
        error: rejected
          ? `Error de validación en la comunicación [${i + 1}]: [Documento no válido para ese tipo de documento]`
          : null,
        cancelled: false,
      });
    });
    rec.tipoComunicacion = kind;
    return respuesta(0, 'Ok', lote);
  }

  async function answer(rec: SesReceived, doc: Node): Promise<{ status: number; body: string }> {
    const body = (doc.Envelope as Node | undefined)?.Body as Node | undefined;
    const [operation, request] = Object.entries(body ?? {})[0] ?? ['', {}];
    rec.operation = operation.replace(/Request$/, '');
    const req = (request ?? {}) as Node;
    const wrap = (name: string, inner: string) => ({
      status: 200,
      body: envelope(`<ns3:${name} ${NS3}>${inner}</ns3:${name}>`),
    });

    if (operation === 'comunicacionRequest') {
      const peticion = (req.peticion ?? {}) as Node;
      const cabecera = (peticion.cabecera ?? {}) as Node;
      rec.tipoOperacion = String(cabecera.tipoOperacion ?? '');
      rec.codigoArrendador = String(cabecera.codigoArrendador ?? '');
      rec.aplicacion = String(cabecera.aplicacion ?? '');
      if (!rec.codigoArrendador)
        return wrap('comunicacionResponse', respuesta(10100, 'No se ha indicado el código de arrendador'));
      if (rec.aplicacion.length > 50)
        return wrap(
          'comunicacionResponse',
          respuesta(10150, 'Superado el máximo de caracteres de la aplicación'),
        );
      try {
        rec.xml = unzipBase64(String(peticion.solicitud ?? ''));
      } catch {
        return wrap(
          'comunicacionResponse',
          respuesta(
            10111,
            'Formato de solicitud incorrecto. Ha de ir comprimido (zip) y codificado en Base64.',
          ),
        );
      }
      const inner = parser.parse(rec.xml) as Node;
      if (rec.tipoOperacion === 'A') {
        return wrap(
          'comunicacionResponse',
          await alta(String(cabecera.tipoComunicacion ?? ''), rec.xml, rec),
        );
      }
      if (rec.tipoOperacion === 'B') {
        if (validate && (await validateSesXml('B', rec.xml)).length) {
          return wrap('comunicacionResponse', respuesta(10121, 'Error de validación'));
        }
        const codes = list((inner.comunicaciones as Node | undefined)?.codigoComunicacion).map(String);
        const found = codes.map((code) => communications.find((c) => c.code === code));
        if (codes.length === 0 || found.some((c) => !c)) {
          return wrap('comunicacionResponse', respuesta(10113, 'No existe una comunicación para ese código'));
        }
        for (const c of found) if (c) c.cancelled = true;
        return wrap('comunicacionResponse', respuesta(0, 'Ok', randomUUID()));
      }
      if (rec.tipoOperacion === 'C') {
        const lotes = list((inner.lotes as Node | undefined)?.lote).map(String);
        return wrap('comunicacionResponse', respuesta(0, 'Ok') + lotes.map(loteResult).join(''));
      }
      return wrap('comunicacionResponse', respuesta(10117, 'La operación solo puede ser A, B o C'));
    }
    if (operation === 'consultaLoteRequest') {
      const lotes = list((req.codigosLote as Node | undefined)?.lote).map(String);
      if (lotes.length > 10)
        return wrap('consultaLoteResponse', respuesta(10136, 'Superado el máximo de lotes a consultar'));
      const unknown = lotes.find((l) => !communications.some((c) => c.lote === l));
      if (unknown) return wrap('consultaLoteResponse', respuesta(10113, 'No existe el lote'));
      return wrap('consultaLoteResponse', respuesta(0, 'Ok') + lotes.map(loteResult).join(''));
    }
    if (operation === 'anulacionLoteRequest') {
      const rows = communications.filter((c) => c.lote === String(req.lote ?? ''));
      if (!rows.length)
        return wrap(
          'anulacionLoteResponse',
          '<codigo>10113</codigo><descripcion>No existe el lote</descripcion>',
        );
      for (const r of rows) r.cancelled = true;
      return wrap('anulacionLoteResponse', '<codigo>0</codigo>');
    }
    if (operation === 'catalogoRequest') {
      const name = String((req.peticion as Node | undefined)?.catalogo ?? '');
      const rows = name ? CATALOGS[name] : Object.keys(CATALOGS).map((k) => [k, k] as [string, string]);
      if (!rows)
        return wrap(
          'catalogoResponse',
          '<resultado><codigo>10130</codigo><descripcion>Valor incorrecto del campo catalogo</descripcion></resultado><respuesta><resultado/></respuesta>',
        );
      const tuplas = rows
        .map(([c, d]) => `<tupla><codigo>${c}</codigo><descripcion>${d}</descripcion></tupla>`)
        .join('');
      return wrap(
        'catalogoResponse',
        `<resultado><codigo>0</codigo><descripcion>Ok</descripcion></resultado><respuesta><resultado>${tuplas}</resultado></respuesta>`,
      );
    }
    return {
      status: 500,
      body: fault('Client', `No endpoint mapping found for ${operation || 'an empty body'}`),
    };
  }

  async function handle(
    req: IncomingMessage,
    raw: string,
  ): Promise<{ status: number; body: string } | 'hang'> {
    const rec: SesReceived = {
      operation: '',
      authorization: String(req.headers.authorization ?? ''),
      soapAction: req.headers.soapaction as string | undefined,
      body: raw,
    };
    received.push(rec);
    const next = script.queue.shift();
    if (next) return next;
    if (req.method !== 'POST' || req.url !== SES_PATH) return { status: 404, body: 'Not Found' };
    const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    if (rec.authorization !== expected) return { status: 401, body: '' };
    if (rec.soapAction === undefined)
      return { status: 500, body: fault('Client', 'SOAPAction header missing') };
    if (!/text\/xml/.test(String(req.headers['content-type']))) {
      return { status: 415, body: '' };
    }
    let doc: Node;
    try {
      doc = parser.parse(raw) as Node;
    } catch (error) {
      return { status: 500, body: fault('Client', `Invalid XML: ${(error as Error).message}`) };
    }
    return answer(rec, doc);
  }

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', async () => {
      const result = await handle(req, raw).catch((error: Error) => ({
        status: 500,
        body: fault('Server', error.message),
      }));
      if (result === 'hang') {
        hanging.add(res);
        return;
      }
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      res.writeHead(result.status, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(result.body);
    });
  });
  const { base, close } = await listenLocally(server, hanging);

  return {
    base,
    env: { SES_URL: `${base}${SES_PATH}` },
    username,
    password,
    received,
    communications,
    failNext: script.failNext,
    hangNext: script.hangNext,
    close,
  };
}
