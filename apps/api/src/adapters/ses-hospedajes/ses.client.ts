/**
 * SES.Hospedajes (Ministerio del Interior, RD 933/2021): the PoliceService over its SOAP 1.1 web
 * service (spec v3.1.3). HTTP Basic with the establishment's WS user; every call goes through
 * adapterFetch and the tracker. Altas are asynchronous: submit answers a lote, poll reads its state.
 */
import type { Clock } from '../../lib/clock.ts';
import { systemClock } from '../../lib/clock.ts';
import { AdapterError } from '../adapter-error.ts';
import { adapterFetch } from '../http.ts';
import type {
  BatchResult,
  CommunicationResult,
  PoliceCredentials,
  PoliceError,
  PoliceService,
  SubmitResult,
} from '../police/types.ts';
import type { AdapterTracker } from '../status.ts';
import { parseSesAnswer, type SesAnswer, type SesLote } from './ses-response.ts';
import { checkSes } from './ses-rules.ts';
import {
  buildAnulacion,
  buildParteViajeros,
  buildReservaHospedaje,
  catalogoEnvelope,
  comunicacionEnvelope,
  consultaLoteEnvelope,
} from './ses-xml.ts';

export const SES_SERVICE = 'ses-hospedajes';
export const SES_MAX_PER_REQUEST = 100;

/** The return codes of spec §5 that a submit can meet, in the authority's words. */
export const sesReturnCodes: Record<number, string> = {
  10100: 'No se ha indicado el código de arrendador',
  10101: 'No se ha indicado el código de aplicación',
  10103: 'El arrendador no existe',
  10107: 'Usuario incorrecto',
  10111: 'Formato de solicitud incorrecto (XML UTF-8, zip y Base64)',
  10113: 'El código de comunicación no existe',
  10118: 'Error en el formato del XML',
  10119: 'El arrendador no puede enviar ese tipo de comunicación',
  10120: 'El arrendador no tiene habilitado el servicio web',
  10121: 'Error de validación',
  10130: 'Valor incorrecto de un campo',
  10131: 'Falta un campo obligatorio',
  10150: 'Superado el máximo de caracteres de la aplicación',
  10999: 'Error no controlado',
};

export interface SesHospedajesOptions {
  /** The comunicacion endpoint, e.g. https://hospedajes.ses.mir.es/hospedajes-web/ws/v1/comunicacion */
  baseUrl: string;
  /** The `aplicacion` header (≤ 50 characters). */
  application?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  tracker?: AdapterTracker;
  /** For the date windows of check(). */
  clock?: Clock;
}

const errorOf = (answer: SesAnswer): PoliceError => ({
  code: `ses.${answer.codigo}`,
  message: answer.descripcion || sesReturnCodes[answer.codigo ?? -1] || `Código ${answer.codigo}`,
});

function rowsToResults(lote: SesLote): CommunicationResult[] {
  return lote.rows.map((row) =>
    row.codigoComunicacion && !row.tipoError && !row.error
      ? { communicationCode: row.codigoComunicacion, errors: [] }
      : {
          errors: [
            {
              code: 'ses.communication',
              message: [row.tipoError, row.error].filter(Boolean).join(': ') || 'Comunicación rechazada',
            },
          ],
        },
  );
}

export function createSesHospedajesClient(options: SesHospedajesOptions): PoliceService {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const application = (options.application ?? 'Posada').slice(0, 50);
  const clock = options.clock ?? systemClock;
  const track = <T>(call: () => Promise<T>) => (options.tracker ? options.tracker.track(call) : call());

  /** One SOAP call: HTTP errors and faults become AdapterError; the parsed answer otherwise. */
  async function call(credentials: PoliceCredentials, body: string): Promise<SesAnswer> {
    // A SOAP Fault travels with HTTP 500: keep its body to tell a Client fault (our request, not
    // retried) from a Server one.
    let faultBody = '';
    const fetchImpl = options.fetchImpl ?? fetch;
    const keepingFaults: typeof fetch = async (input, init) => {
      const response = await fetchImpl(input, init);
      if (response.status !== 500) return response;
      faultBody = await response.text();
      return new Response(faultBody, { status: 500, headers: response.headers });
    };
    let response: Response;
    try {
      response = await adapterFetch(
        SES_SERVICE,
        options.baseUrl,
        {
          method: 'POST',
          timeoutMs,
          headers: {
            authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
            'content-type': 'text/xml; charset=utf-8',
            soapaction: '""',
          },
          body,
        },
        keepingFaults,
      );
    } catch (error) {
      const fault = faultBody ? safeParse(faultBody)?.fault : null;
      throw fault ? faultError(fault) : error;
    }
    const answer = safeParse(await response.text());
    if (!answer) throw new AdapterError(SES_SERVICE, 'invalid_response', 'not a SOAP answer');
    if (answer.fault) throw faultError(answer.fault);
    return answer;
  }

  return {
    maxPerRequest: SES_MAX_PER_REQUEST,

    check: (kind, establishment, communication) => checkSes(kind, establishment, communication, clock.now()),

    submit: (credentials, establishment, kind, communications) =>
      track(async (): Promise<SubmitResult> => {
        if (communications.length === 0 || communications.length > SES_MAX_PER_REQUEST) {
          return {
            status: 'rejected',
            errors: [
              {
                code: 'ses.batch_size',
                message: `Entre 1 y ${SES_MAX_PER_REQUEST} comunicaciones por envío`,
              },
            ],
          };
        }
        const inner =
          kind === 'PV'
            ? buildParteViajeros(establishment, communications)
            : buildReservaHospedaje(establishment, communications);
        const header = {
          landlordCode: establishment.landlordCode,
          application,
          operation: 'A' as const,
          kind,
        };
        const answer = await call(credentials, comunicacionEnvelope(header, inner));
        if (answer.codigo !== 0) return { status: 'rejected', errors: [errorOf(answer)] };
        if (!answer.lote) throw new AdapterError(SES_SERVICE, 'invalid_response', 'codigo 0 without lote');
        return { status: 'queued', batch: answer.lote };
      }),

    poll: (credentials, _establishment, batch) =>
      track(async (): Promise<BatchResult> => {
        const answer = await call(credentials, consultaLoteEnvelope([batch]));
        if (answer.codigo !== 0) {
          return { status: 'failed', state: 0, description: answer.descripcion, errors: [errorOf(answer)] };
        }
        const lote = answer.lotes.find((l) => l.lote === batch) ?? answer.lotes[0];
        if (!lote) throw new AdapterError(SES_SERVICE, 'invalid_response', 'consultaLote without resultado');
        const { codigoEstado: state, descEstado: description } = lote;
        if (state === 4 || state === 5) return { status: 'pending', state, description };
        if (state === 1 || state === 6)
          return { status: 'settled', state, description, results: rowsToResults(lote) };
        const rowErrors = rowsToResults(lote).flatMap((r) => r.errors);
        return {
          status: 'failed',
          state,
          description,
          errors: [{ code: `ses.state.${state}`, message: description || `Estado ${state}` }, ...rowErrors],
        };
      }),

    cancel: (credentials, establishment, communicationCodes) =>
      track(async () => {
        const header = { landlordCode: establishment.landlordCode, application, operation: 'B' as const };
        const answer = await call(
          credentials,
          comunicacionEnvelope(header, buildAnulacion(communicationCodes)),
        );
        if (answer.codigo !== 0) {
          const { code, message } = errorOf(answer);
          throw new AdapterError(SES_SERVICE, 'rejected', `${code} ${message}`);
        }
      }),

    test: (credentials) =>
      track(async () => {
        const answer = await call(credentials, catalogoEnvelope('TIPO_DOCUMENTO'));
        if (answer.codigo === null && answer.tuplas.length === 0) {
          throw new AdapterError(SES_SERVICE, 'invalid_response', 'catalogo without codigo or tuplas');
        }
        if (answer.codigo !== null && answer.codigo !== 0) {
          throw new AdapterError(SES_SERVICE, 'rejected', `ses.${answer.codigo} ${answer.descripcion}`);
        }
      }),
  };
}

function safeParse(xml: string): SesAnswer | null {
  try {
    return parseSesAnswer(xml);
  } catch {
    return null;
  }
}

function faultError(fault: { code: string; message: string }): AdapterError {
  const server = /server/i.test(fault.code);
  return new AdapterError(
    SES_SERVICE,
    server ? 'server_error' : 'rejected',
    `${fault.code} ${fault.message}`,
    500,
  );
}
