/**
 * The Ertzaintza "A19 Registro Hostelero" web service: SOAP 1.1 `envioFicheroXML`, signed with the
 * operator's certificate (WS-Security X.509), synchronous. The PV/RH XML travels as CDATA. There is no
 * cancellation and no modification; re-sending a reference answers CTO01, which counts as accepted.
 */
import { AdapterError, kindOfFetchFailure, kindOfHttpStatus } from '../adapter-error.ts';
import type {
  PoliceCommunication,
  PoliceCredentials,
  PoliceError,
  PoliceEstablishment,
  PoliceService,
  SubmitResult,
} from '../police/types.ts';
import type { AdapterTracker } from '../status.ts';
import {
  AUTH_CODES,
  type ErtzaintzaAnswer,
  isTransientCode,
  parseErtzaintzaAnswer,
  resultsOf,
  splitErrorCode,
} from './ertzaintza-response.ts';
import { readPfx, type SigningIdentity, signEnvelope } from './ertzaintza-wsse.ts';
import { buildErtzaintzaXml, checkErtzaintzaCommunication } from './ertzaintza-xml.ts';

export const ERTZAINTZA_PROD_URL = 'https://servicios.ertzaintza.eus/A19/registroHostelero/EnvioFicheroXML';
export const ERTZAINTZA_PRE_URL =
  'https://servicios.pre.ertzaintza.eus/A19/registroHostelero/EnvioFicheroXML';
export const ERTZAINTZA_WS_NS = 'https://ws.negocio.registroHostelero.a19.gvdi.com';
const SOAP_ACTION = `${ERTZAINTZA_WS_NS}/envioFicheroXML`;
/** The cabecera's aplicacion: who sends. */
const APPLICATION = 'Posada';
const SERVICE = 'ertzaintza';

const esc = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The Body's operation: cabecera, then the peticion XML as CDATA (empty for the connection test). */
export function operationXml(landlordCode: string, kind: 'PV' | 'RH', solicitud: string): string {
  return (
    `<ws:envioFicheroXML><ws:cabecera><aplicacion>${APPLICATION}</aplicacion>` +
    `<codigoArrendador>${esc(landlordCode)}</codigoArrendador><tipoComunicacion>${kind}</tipoComunicacion>` +
    `</ws:cabecera><ws:solicitud>${solicitud ? `<![CDATA[${solicitud}]]>` : ''}</ws:solicitud></ws:envioFicheroXML>`
  );
}

export function createErtzaintzaClient(opts: {
  baseUrl: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  tracker?: AdapterTracker;
  now?: () => Date;
}): PoliceService {
  const fetchImpl = opts.fetchImpl ?? fetch;
  const track = opts.tracker ? opts.tracker.track : <T>(call: () => Promise<T>) => call();

  function identityOf(credentials: PoliceCredentials): SigningIdentity {
    const certificate = credentials.certificate;
    if (!certificate) throw new AdapterError(SERVICE, 'unauthorized', 'no certificate (PFX) configured');
    try {
      return readPfx(certificate.pfx, certificate.passphrase);
    } catch (error) {
      // A wrong passphrase or a file that is not a PFX: the operator's credential is wrong.
      throw new AdapterError(SERVICE, 'unauthorized', `certificate: ${(error as Error).message}`);
    }
  }

  /** Signs and posts one operation; returns the parsed answer, or throws transport and auth failures. */
  async function call(credentials: PoliceCredentials, body: string): Promise<ErtzaintzaAnswer> {
    const envelope = signEnvelope(body, identityOf(credentials), {
      namespaces: { ws: ERTZAINTZA_WS_NS },
      now: opts.now?.(),
    });
    let response: Response;
    try {
      response = await fetchImpl(opts.baseUrl, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: SOAP_ACTION },
        body: envelope,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
      });
    } catch (error) {
      throw new AdapterError(SERVICE, kindOfFetchFailure(error), (error as Error)?.message ?? String(error));
    }
    const text = await response.text().catch(() => '');
    let answer: ErtzaintzaAnswer;
    try {
      answer = parseErtzaintzaAnswer(text);
    } catch {
      if (!response.ok)
        throw new AdapterError(SERVICE, kindOfHttpStatus(response.status), text, response.status);
      throw new AdapterError(SERVICE, 'invalid_response', text || 'empty answer');
    }
    const codes = answer.errors.map((e) => splitErrorCode(e.code));
    const detail = answer.errors.map((e) => `${e.code} ${e.description}`).join('; ');
    if (codes.some((c) => AUTH_CODES.has(c.code)))
      throw new AdapterError(SERVICE, 'unauthorized', detail, response.ok ? undefined : response.status);
    if (codes.some((c) => c.communication === undefined && isTransientCode(c.code)))
      throw new AdapterError(SERVICE, 'server_error', detail, response.ok ? undefined : response.status);
    if (!response.ok && answer.errors.length === 0)
      throw new AdapterError(
        SERVICE,
        kindOfHttpStatus(response.status),
        answer.fault ?? text,
        response.status,
      );
    if (answer.fault) throw new AdapterError(SERVICE, 'server_error', answer.fault);
    return answer;
  }

  return {
    maxPerRequest: 400,

    check: (kind, establishment, communication) =>
      checkErtzaintzaCommunication(kind, establishment, communication),

    submit(credentials, establishment, kind, communications: PoliceCommunication[]): Promise<SubmitResult> {
      return track(async () => {
        if (communications.length === 0) return { status: 'settled', batch: null, results: [] };
        if (communications.length > 400)
          throw new AdapterError(SERVICE, 'rejected', `${communications.length} communications, at most 400`);
        const xml = buildErtzaintzaXml(kind, establishment, communications);
        const answer = await call(credentials, operationXml(establishment.landlordCode, kind, xml));
        const requestErrors: PoliceError[] = answer.errors
          .filter((e) => splitErrorCode(e.code).communication === undefined)
          .map((e) => ({ code: e.code, message: e.description }));
        if (requestErrors.length > 0) return { status: 'rejected', errors: requestErrors };
        // No peticion means no proof of anything (an HTML page, an empty envelope): never read as accepted.
        if (!answer.peticion)
          throw new AdapterError(SERVICE, 'invalid_response', 'no peticion in the answer');
        if (answer.errors.length === 0 && answer.state !== null && answer.state !== '0')
          throw new AdapterError(SERVICE, 'invalid_response', `codigoEstadoComunicacion ${answer.state}`);
        return {
          status: 'settled',
          batch: answer.peticion,
          results: resultsOf(answer, communications.length),
        };
      });
    },

    test(credentials: PoliceCredentials, establishment: PoliceEstablishment) {
      return track(async () => {
        // An empty solicitud: PET07 ("la comunicación es obligatoria") proves the certificate got through.
        const answer = await call(credentials, operationXml(establishment.landlordCode, 'PV', ''));
        const unexpected = answer.errors.filter((e) => e.code !== 'PET07');
        if (unexpected.length > 0)
          throw new AdapterError(
            SERVICE,
            'rejected',
            unexpected.map((e) => `${e.code} ${e.description}`).join('; '),
          );
      });
    },
  };
}
