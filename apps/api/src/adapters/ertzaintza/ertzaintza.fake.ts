/**
 * A local Ertzaintza A19 envioFicheroXML (tests and e2e only). It verifies the WS-Security signature
 * with the certificate the message carries (unsigned → PET08, altered or expired → 403, as the service refuses),
 * reads the CDATA peticion and answers like PRE: OK with a peticion UUID, `C_n|m_PER43_<rol>` for a
 * person with neither phone nor e-mail, `C_n_COM07`/`COM08` without exactly one TI, `C_n_CTO01` for a
 * reference it already registered, PET07 for an empty solicitud, PET13 above 400 communications.
 */
import { randomUUID } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { type FakeAnswer, type FakeHttpServer, startFakeHttp } from '../fake-http.ts';
import { verifyEnvelope } from './ertzaintza-wsse.ts';

export interface FakeErtzaintza extends FakeHttpServer {
  /** The config that points the app at this fake. */
  env: { ERTZAINTZA_URL: string };
  /** References registered so far (a repeat answers CTO01). */
  registered: Set<string>;
  /** The peticion XML (the CDATA) of every request that passed the signature check. */
  solicitudes: string[];
}

const PATH = '/A19/registroHostelero/EnvioFicheroXML';
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'comunicacion' || name === 'persona',
});

const esc = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The answer in the PRE shape (see fixtures/ok.xml and error-*.xml). */
export function ertzaintzaAnswerXml(
  errors: { code: string; description: string }[],
  peticion: string | null,
): string {
  const errs = errors
    .map(
      (e) => `<error><codigo>${esc(e.code)}</codigo><descripcion>${esc(e.description)}</descripcion></error>`,
    )
    .join('');
  const now = new Date().toISOString().slice(0, 23);
  const resultado =
    errors.length === 0 && peticion
      ? `<resultado><fechaPeticion>${now}</fechaPeticion><fechaProcesamiento>${now}</fechaProcesamiento>` +
        `<codigoEstadoComunicacion>0</codigoEstadoComunicacion><descEstadoComunicacion>OK</descEstadoComunicacion>` +
        `<peticion>${peticion}</peticion></resultado>`
      : '';
  return (
    `<?xml version='1.0' encoding='UTF-8' ?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>` +
    `<ns0:envioFicheroXMLResponse xmlns:ns0="http://gvdi.com/a19.registroHotelero.negocio.ejbs"><return>` +
    `<respuesta>${errs}${peticion ? `<peticion>${peticion}</peticion>` : '<peticion/>'}</respuesta>${resultado}` +
    `</return></ns0:envioFicheroXMLResponse></S:Body></S:Envelope>`
  );
}

const xml = (body: string, status = 200): FakeAnswer => ({
  status,
  body,
  contentType: 'text/xml; charset=utf-8',
});

type Obj = Record<string, unknown>;
const str = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

export async function startFakeErtzaintza(): Promise<FakeErtzaintza> {
  const registered = new Set<string>();
  const solicitudes: string[] = [];

  const server = await startFakeHttp((req) => {
    if (req.method !== 'POST' || req.url !== PATH) return xml('<html><body>404 Not Found</body></html>', 404);
    const body = String(req.body ?? '');
    const verdict = verifyEnvelope(body);
    const expires = /<wsu:Expires>([^<]+)<\/wsu:Expires>/.exec(body)?.[1];
    if (verdict.ok && expires && Date.parse(expires) < Date.now())
      return xml(
        ertzaintzaAnswerXml([{ code: '403', description: 'Error de seguridad: mensaje caducado' }], null),
      );
    if (!verdict.ok) {
      return verdict.reason === 'unsigned'
        ? xml(
            ertzaintzaAnswerXml(
              [{ code: 'PET08', description: 'No se ha encontrado el certificado.' }],
              null,
            ),
          )
        : xml(ertzaintzaAnswerXml([{ code: '403', description: 'Error de seguridad: no autorizado' }], null));
    }
    const envelope = parser.parse(body) as Obj;
    const operation = ((envelope.Envelope as Obj)?.Body as Obj)?.envioFicheroXML as Obj | undefined;
    const solicitud = str(operation?.solicitud);
    const peticion = randomUUID();
    if (!solicitud)
      return xml(
        ertzaintzaAnswerXml(
          [{ code: 'PET07', description: 'La comunicación (XML) es obligatoria.' }],
          peticion,
        ),
      );
    solicitudes.push(solicitud);
    const inner = parser.parse(solicitud) as Obj;
    const comms = (((inner.peticion as Obj)?.solicitud as Obj)?.comunicacion ?? []) as Obj[];
    if (comms.length > 400)
      return xml(
        ertzaintzaAnswerXml(
          [{ code: 'PET13', description: 'Se ha superado el máximo de comunicaciones.' }],
          peticion,
        ),
      );

    const errors: { code: string; description: string }[] = [];
    const accepted: string[] = [];
    comms.forEach((comm, i) => {
      const n = i + 1;
      const reference = str((comm.contrato as Obj)?.referencia);
      const people = (comm.persona ?? []) as Obj[];
      const before = errors.length;
      if (registered.has(reference)) {
        errors.push({ code: `C_${n}_CTO01`, description: `Comunicación ${n}: El contrato ya existe.` });
        return;
      }
      const titulares = people.filter((p) => str(p.rol) === 'TI').length;
      if (titulares === 0)
        errors.push({
          code: `C_${n}_COM07`,
          description: `Comunicación ${n}: Debe existir un titular (TI).`,
        });
      if (titulares > 1)
        errors.push({
          code: `C_${n}_COM08`,
          description: `Comunicación ${n}: Solo puede existir un titular (TI).`,
        });
      people.forEach((p, j) => {
        if (!str(p.telefono) && !str(p.telefono2) && !str(p.correo)) {
          errors.push({
            code: `C_${n}|${j + 1}_PER43_${str(p.rol)}`,
            description: `Comunicación ${n}, Persona ${j + 1}: Se debe informar al menos un teléfono o correo electrónico. # Rol (${str(p.rol)})`,
          });
        }
      });
      if (errors.length === before) accepted.push(reference);
    });
    for (const reference of accepted) registered.add(reference);
    return xml(ertzaintzaAnswerXml(errors, peticion));
  });

  return { ...server, registered, solicitudes, env: { ERTZAINTZA_URL: `${server.base}${PATH}` } };
}
