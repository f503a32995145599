import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { fixedClock } from '../../lib/clock.ts';
import { AdapterError } from '../adapter-error.ts';
import type { PoliceCommunication, PoliceEstablishment, PoliceGuest } from '../police/types.ts';
import { createAdapterTracker } from '../status.ts';
import { createErtzaintzaClient } from './ertzaintza.client.ts';
import { type FakeErtzaintza, startFakeErtzaintza } from './ertzaintza.fake.ts';
import { parseErtzaintzaAnswer, resultsOf } from './ertzaintza-response.ts';
import { readPfx, signEnvelope, verifyEnvelope } from './ertzaintza-wsse.ts';
import { buildErtzaintzaXml } from './ertzaintza-xml.ts';
import { makeTestPfx } from './test-pfx.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const establishment: PoliceEstablishment = {
  establishmentCode: 'H0001234',
  landlordCode: 'A00000000',
  name: 'Hotel Ibaia',
  address: 'Kale Nagusia 1',
  city: 'Bilbao',
  postalCode: '48005',
  propertyType: 'hotel',
};

const lead: PoliceGuest = {
  firstName: 'Miren',
  lastName: 'Etxeberria Agirre',
  gender: 'female',
  birthDate: '1985-03-02',
  documentType: 'dni',
  documentNumber: '12345678Z',
  supportNumber: 'ABC123456',
  issueDate: '2020-01-01',
  nationality: 'ESP',
  residenceCountry: 'ES',
  address: 'Calle Mayor 3',
  city: 'Donostia',
  postalCode: '20001',
  municipalityCode: '20069',
  province: 'Gipuzkoa',
  phone: '+34600111222',
  email: 'miren@example.com',
  kinship: 'parent',
  isLead: true,
};
const child: PoliceGuest = {
  ...lead,
  firstName: 'Ane',
  gender: 'other',
  birthDate: '2016-07-01',
  documentNumber: '',
  supportNumber: '',
  phone: '',
  email: 'miren@example.com',
  kinship: null,
  isLead: false,
};
const stay = (reference: string, guests: PoliceGuest[] = [lead, child]): PoliceCommunication => ({
  reference,
  contractDate: '2026-10-01',
  arrivalDate: '2026-11-20',
  arrivalTime: '15:00',
  departureDate: '2026-11-22',
  departureTime: '11:00',
  rooms: 1,
  internet: true,
  paymentMethod: 'pay_at_destination',
  paymentDate: null,
  guests,
});

let pfx: Buffer;
let fake: FakeErtzaintza;
beforeAll(async () => {
  pfx = makeTestPfx('pfx-pass');
  fake = await startFakeErtzaintza();
});
afterAll(() => fake.close());

const credentials = () => ({ username: '', password: '', certificate: { pfx, passphrase: 'pfx-pass' } });
const client = (timeoutMs?: number) =>
  createErtzaintzaClient({ baseUrl: fake.env.ERTZAINTZA_URL, timeoutMs });
const codeOf = async (promise: Promise<unknown>) => {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AdapterError);
  return (error as AdapterError).code;
};

describe('WS-Security signature', () => {
  it('verifies with the certificate it carries, over Body, Timestamp and token', () => {
    const signed = signEnvelope('<ws:op xmlns:ws="urn:x"><a>Añorga</a></ws:op>', readPfx(pfx, 'pfx-pass'));
    expect(signed).toContain('wsse:BinarySecurityToken');
    expect(signed).toContain('xmldsig-more#rsa-sha256');
    expect(signed.match(/<ds:Reference /g)).toHaveLength(3);
    expect(verifyEnvelope(signed)).toMatchObject({ ok: true });
  });

  it('fails when the body is altered after signing, and when there is no signature', () => {
    const signed = signEnvelope('<ws:op xmlns:ws="urn:x"><a>Añorga</a></ws:op>', readPfx(pfx, 'pfx-pass'));
    expect(verifyEnvelope(signed.replace('Añorga', 'Amara'))).toEqual({
      ok: false,
      reason: 'signature does not verify',
    });
    expect(verifyEnvelope(signed.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, ''))).toEqual({
      ok: false,
      reason: 'unsigned',
    });
  });
});

describe('A19 XML', () => {
  it('one TI, sex V/M/O, PA/MA by gender, no DESTI, fechaContrato the day before at the latest', () => {
    const xml = buildErtzaintzaXml('PV', establishment, [stay('R-1')]);
    expect(xml).toMatch(
      /^<alt:peticion xmlns:alt="http:\/\/www\.servicios\.ertzaintza\.eus\/Ertzaintza\/ALOJADOS\/A19\/comunicacionPV">/,
    );
    expect(xml.match(/<rol>TI<\/rol>/g)).toHaveLength(1);
    expect(xml.match(/<rol>VI<\/rol>/g)).toHaveLength(1);
    expect(xml).toContain('<sexo>M</sexo>');
    expect(xml).toContain('<sexo>O</sexo>');
    expect(xml).toContain('<parentesco>MA</parentesco>');
    expect(xml).toContain('<tipoPago>OTRO</tipoPago>');
    // Booked on 1 October for the 20 November: the PV's contract date is the entry day (CTO17).
    expect(xml).toContain('<fechaContrato>2026-11-20</fechaContrato>');
    expect(xml).toContain('<apellido1>Etxeberria</apellido1><apellido2>Agirre</apellido2>');
    expect(xml).toContain(
      '<codigoMunicipio>20069</codigoMunicipio><codigoPostal>20001</codigoPostal><pais>ESP</pais>',
    );
    const father = buildErtzaintzaXml('PV', establishment, [stay('R-2', [{ ...lead, gender: 'male' }])]);
    expect(father).toContain('<parentesco>PA</parentesco>');
    const unsaid = buildErtzaintzaXml('PV', establishment, [
      stay('R-3', [{ ...lead, gender: 'prefer_not_to_say' }]),
    ]);
    expect(unsaid).toContain('<parentesco>OT</parentesco>');
  });

  it('an RH names the establishment in each communication and carries no support number', () => {
    const xml = buildErtzaintzaXml('RH', establishment, [stay('R-4', [lead])]);
    expect(xml).toContain('A19/comunicacionRH');
    expect(xml).toContain(
      '<comunicacion><establecimiento><codigo>H0001234</codigo></establecimiento><contrato>',
    );
    expect(xml).toContain('<fechaContrato>2026-10-01</fechaContrato>');
    expect(xml).not.toContain('soporteDocumento');
    expect(xml).not.toContain('parentesco');
  });
});

/** xmllint against the A19 schemas in xsd/ (the official files, as roomdoo-modules ships them). */
async function xsdErrors(kind: 'PV' | 'RH', xml: string): Promise<string[]> {
  const xsd = (name: string) => ({
    fileName: name,
    contents: readFileSync(new URL(`./xsd/${name}`, import.meta.url), 'utf8'),
  });
  const result = await validateXML({
    xml: { fileName: 'peticion.xml', contents: xml },
    schema: xsd(`comunicacion${kind}.xsd`),
    preload: xsd('tiposGenerales.xsd'),
  });
  return result.valid ? [] : result.errors.map((e) => e.message);
}

describe('A19 schemas', () => {
  it('a PV and an RH of several communications validate; a wrong order does not', async () => {
    const pv = buildErtzaintzaXml('PV', establishment, [
      stay('X-1'),
      stay('X-2', [{ ...lead, nationality: 'FRA', residenceCountry: 'FR', municipalityCode: null }]),
    ]);
    expect(await xsdErrors('PV', pv)).toEqual([]);
    expect(
      await xsdErrors('RH', buildErtzaintzaXml('RH', establishment, [stay('X-3'), stay('X-4', [child])])),
    ).toEqual([]);
    const swapped = pv.replace(
      '<nombre>Miren</nombre><apellido1>Etxeberria</apellido1>',
      '<apellido1>Etxeberria</apellido1><nombre>Miren</nombre>',
    );
    expect(await xsdErrors('PV', swapped)).not.toEqual([]);
  });
});

describe('check', () => {
  it('asks for one TI, a second surname for Spaniards and a phone or e-mail per person', () => {
    const service = client();
    expect(service.check('PV', establishment, stay('R-5'))).toEqual([]);
    const errors = service.check(
      'PV',
      establishment,
      stay('R-6', [
        { ...lead, isLead: false, lastName: 'Etxeberria' },
        { ...child, email: '' },
      ]),
    );
    expect(errors.map((e) => [e.code, e.guest])).toEqual([
      ['COM07', undefined],
      ['PER05', 1],
      ['PER43', 2],
    ]);
  });
});

describe('answers', () => {
  it('reads the recorded answers by local name', () => {
    expect(parseErtzaintzaAnswer(fixture('ok.xml'))).toEqual({
      errors: [],
      peticion: 'ef669758-39ba-451f-a600-a09298794895',
      state: '0',
      fault: null,
    });
    const per43 = parseErtzaintzaAnswer(fixture('error-per43.xml'));
    expect(resultsOf(per43, 2)).toEqual([
      {
        errors: [
          {
            code: 'PER43',
            guest: 1,
            message:
              'Comunicación 1, Persona 1: Se debe informar al menos un teléfono o correo electrónico. # Rol (TI)',
          },
        ],
      },
      { errors: [], communicationCode: '5d0c8a51-6f7e-4a57-9d43-0b1c6f4f2a11' },
    ]);
    expect(resultsOf(parseErtzaintzaAnswer(fixture('error-cto01.xml')), 1)).toEqual([
      { errors: [], communicationCode: '0a7e5a3e-2b7c-4a57-8f0f-4d1f1de0c9b2', duplicate: true },
    ]);
  });
});

describe('client against the fake', () => {
  it('submits a signed PV and settles it with the peticion as proof', async () => {
    const result = await client().submit(credentials(), establishment, 'PV', [stay('OK-1')]);
    expect(result.status).toBe('settled');
    if (result.status !== 'settled') return;
    expect(result.batch).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.results).toEqual([{ errors: [], communicationCode: result.batch }]);
    const request = fake.requests.at(-1);
    expect(request?.headers.soapaction).toBe(
      'https://ws.negocio.registroHostelero.a19.gvdi.com/envioFicheroXML',
    );
    expect(String(request?.body)).toContain('<ws:solicitud><![CDATA[<alt:peticion');
    expect(fake.registered.has('OK-1')).toBe(true);
  });

  it('a person without phone or e-mail gets PER43 on that guest; the other communication goes', async () => {
    const noContact = { ...child, email: '' };
    const result = await client().submit(credentials(), establishment, 'PV', [
      stay('BAD-1', [lead, noContact]),
      stay('OK-2'),
    ]);
    expect(result.status).toBe('settled');
    if (result.status !== 'settled') return;
    expect(result.results[0]?.errors).toEqual([expect.objectContaining({ code: 'PER43', guest: 2 })]);
    expect(result.results[0]?.communicationCode).toBeUndefined();
    expect(result.results[1]).toEqual({ errors: [], communicationCode: result.batch });
    expect(fake.registered.has('BAD-1')).toBe(false);
  });

  it('re-sending a reference (CTO01) is a duplicate, accepted', async () => {
    await client().submit(credentials(), establishment, 'PV', [stay('DUP-1')]);
    const again = await client().submit(credentials(), establishment, 'PV', [stay('DUP-1')]);
    expect(again.status === 'settled' && again.results[0]).toMatchObject({ errors: [], duplicate: true });
  });

  it('test: the empty request answers PET07, which proves the certificate works', async () => {
    await expect(client().test(credentials(), establishment)).resolves.toBeUndefined();
    expect(String(fake.requests.at(-1)?.body)).toMatch(/<ws:solicitud\/>|<ws:solicitud><\/ws:solicitud>/);
  });

  it('a wrong PFX passphrase, a missing certificate and a refused signature are unauthorized', async () => {
    const wrong = { username: '', password: '', certificate: { pfx, passphrase: 'nope' } };
    expect(await codeOf(client().test(wrong, establishment))).toBe('ertzaintza.unauthorized');
    expect(await codeOf(client().test({ username: 'u', password: 'p' }, establishment))).toBe(
      'ertzaintza.unauthorized',
    );
    // A message altered on the way: the fake's signature check answers 403.
    const tamper: typeof fetch = (url, init) =>
      fetch(url, { ...init, body: String(init?.body).replace('Etxeberria', 'Etxebarria') });
    const tampered = createErtzaintzaClient({ baseUrl: fake.env.ERTZAINTZA_URL, fetchImpl: tamper });
    expect(await codeOf(tampered.submit(credentials(), establishment, 'PV', [stay('T-1')]))).toBe(
      'ertzaintza.unauthorized',
    );
    expect(fake.registered.has('T-1')).toBe(false);
  });

  it('the recorded 403 answer is unauthorized; a message whose timestamp expired is refused', async () => {
    fake.failNext({ status: 200, body: fixture('error-403.xml'), contentType: 'text/xml' });
    expect(await codeOf(client().test(credentials(), establishment))).toBe('ertzaintza.unauthorized');
    const late = createErtzaintzaClient({
      baseUrl: fake.env.ERTZAINTZA_URL,
      now: () => new Date(Date.now() - 10 * 60_000),
    });
    expect(await codeOf(late.submit(credentials(), establishment, 'PV', [stay('LATE-1')]))).toBe(
      'ertzaintza.unauthorized',
    );
    expect(fake.registered.has('LATE-1')).toBe(false);
  });

  it('the tracker records the last success and the last error code; nothing listening is unreachable', async () => {
    const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
    const tracker = createAdapterTracker('ertzaintza', true, clock);
    const tracked = createErtzaintzaClient({ baseUrl: fake.env.ERTZAINTZA_URL, tracker });
    await tracked.test(credentials(), establishment);
    expect(tracker.status()).toMatchObject({ lastSuccessAt: clock.now(), lastError: null });
    const nowhere = createErtzaintzaClient({ baseUrl: 'http://127.0.0.1:9/A19', tracker });
    expect(await codeOf(nowhere.test(credentials(), establishment))).toBe('ertzaintza.unreachable');
    expect(tracker.status().lastError).toEqual({ at: clock.now(), code: 'ertzaintza.unreachable' });
  });

  it('an answer without a peticion (an HTML page) is invalid, never accepted', async () => {
    fake.failNext({ status: 200, body: '<html><body>Mantenimiento</body></html>', contentType: 'text/html' });
    expect(await codeOf(client().submit(credentials(), establishment, 'PV', [stay('H-1')]))).toBe(
      'ertzaintza.invalid_response',
    );
  });

  it('999 is a transient server error; no answer in time is a timeout', async () => {
    fake.failNext({ status: 200, body: fixture('error-999.xml'), contentType: 'text/xml' });
    expect(await codeOf(client().submit(credentials(), establishment, 'PV', [stay('S-1')]))).toBe(
      'ertzaintza.server_error',
    );
    fake.hangNext();
    expect(await codeOf(client(300).submit(credentials(), establishment, 'PV', [stay('S-2')]))).toBe(
      'ertzaintza.timeout',
    );
  });
});
