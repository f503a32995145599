import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { AdapterError } from '../adapter-error.ts';
import type { PoliceCredentials } from '../police/types.ts';
import { createAdapterTracker } from '../status.ts';
import { createSesHospedajesClient } from './ses.client.ts';
import { type FakeSes, startFakeSes } from './ses.fake.ts';
import {
  establishment,
  foreignPassport,
  nieResident,
  spanishAdult,
  spanishChild,
  stay,
} from './test-support.ts';

let fake: FakeSes;
let credentials: PoliceCredentials;
const clock = fixedClock(new Date('2026-11-25T10:00:00Z'));

beforeAll(async () => {
  fake = await startFakeSes();
  credentials = { username: fake.username, password: fake.password };
});
afterAll(() => fake.close());

function client(overrides: { baseUrl?: string; timeoutMs?: number } = {}) {
  const tracker = createAdapterTracker('ses-hospedajes', true, clock);
  const ses = createSesHospedajesClient({
    baseUrl: overrides.baseUrl ?? fake.env.SES_URL,
    timeoutMs: overrides.timeoutMs,
    tracker,
    clock,
  });
  return { ses, tracker };
}

async function rejection(promise: Promise<unknown>): Promise<AdapterError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AdapterError);
  return error as AdapterError;
}

describe('SES.Hospedajes client against its fake', () => {
  it('submits a PV with Basic auth and SOAP headers; the fake unzips a valid parte and queues a lote', async () => {
    const { ses, tracker } = client();
    const family = stay([spanishAdult, spanishChild]);
    expect(ses.check('PV', establishment, family)).toEqual([]);
    const result = await ses.submit(credentials, establishment, 'PV', [
      family,
      stay([foreignPassport], { reference: 'R-2' }),
    ]);
    expect(result).toEqual({ status: 'queued', batch: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const req = fake.received.at(-1);
    expect(req?.authorization).toBe(
      `Basic ${Buffer.from('12345678AWS:fake-ses-password').toString('base64')}`,
    );
    expect(req?.soapAction).toBe('""');
    expect(req).toMatchObject({
      operation: 'comunicacion',
      tipoOperacion: 'A',
      tipoComunicacion: 'PV',
      codigoArrendador: '0000000001',
      aplicacion: 'Posada',
    });
    expect(req?.xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><alt:peticion/);
    expect(req?.xml).toContain('<codigoEstablecimiento>0000012345</codigoEstablecimiento>');
    expect(req?.xml).toContain(
      '<nombre>María</nombre><apellido1>García</apellido1><apellido2>López</apellido2>',
    );
    expect(tracker.status()).toMatchObject({ lastError: null, lastSuccessAt: clock.now() });
  });

  it('polls the lote: pending 5, pending 4, then settled 1 with one time-based code per communication, in order', async () => {
    const { ses } = client();
    const submitted = await ses.submit(credentials, establishment, 'PV', [
      stay([foreignPassport]),
      stay([nieResident], { reference: 'R-3' }),
    ]);
    if (submitted.status !== 'queued') throw new Error('not queued');
    expect(await ses.poll?.(credentials, establishment, submitted.batch)).toEqual({
      status: 'pending',
      state: 5,
      description: 'Pendiente',
    });
    expect(await ses.poll?.(credentials, establishment, submitted.batch)).toEqual({
      status: 'pending',
      state: 4,
      description: 'En proceso',
    });
    const settled = await ses.poll?.(credentials, establishment, submitted.batch);
    expect(settled).toMatchObject({ status: 'settled', state: 1 });
    const codes = settled?.status === 'settled' ? settled.results.map((r) => r.communicationCode) : [];
    const stored = fake.communications.filter((c) => c.lote === submitted.batch);
    expect(codes).toEqual(stored.map((c) => c.code));
    expect(stored.map((c) => c.reference)).toEqual(['PSD-000123-1', 'R-3']);
    for (const code of codes)
      expect(code).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('state 6: the rejected communication carries its error, the other its code', async () => {
    const { ses } = client();
    const bad = stay([{ ...foreignPassport, lastName: 'Rechazo' }], { reference: 'BAD' });
    const submitted = await ses.submit(credentials, establishment, 'PV', [stay([foreignPassport]), bad]);
    if (submitted.status !== 'queued') throw new Error('not queued');
    await ses.poll?.(credentials, establishment, submitted.batch);
    await ses.poll?.(credentials, establishment, submitted.batch);
    const result = await ses.poll?.(credentials, establishment, submitted.batch);
    expect(result).toMatchObject({
      status: 'settled',
      state: 6,
      results: [
        { communicationCode: expect.any(String), errors: [] },
        {
          errors: [
            {
              code: 'ses.communication',
              message: expect.stringContaining(
                'Error validación de datos: Error de validación en la comunicación [2]',
              ),
            },
          ],
        },
      ],
    });
  });

  it('an alta that does not validate against the XSD is rejected with codigo 10121 and the message', async () => {
    const { ses } = client();
    const result = await ses.submit(credentials, establishment, 'PV', [
      stay([{ ...foreignPassport, birthDate: '30/11/1979' }]),
    ]);
    expect(result).toMatchObject({
      status: 'rejected',
      errors: [{ code: 'ses.10121', message: expect.stringMatching(/fechaNacimiento/) }],
    });
  });

  it('cancel sends B with the communication codes and the fake marks them cancelled; an unknown code is rejected', async () => {
    const { ses } = client();
    const submitted = await ses.submit(credentials, establishment, 'RH', [stay([foreignPassport])]);
    if (submitted.status !== 'queued') throw new Error('not queued');
    const stored = fake.communications.filter((c) => c.lote === submitted.batch);
    await ses.cancel?.(
      credentials,
      establishment,
      stored.map((c) => c.code as string),
    );
    expect(fake.received.at(-1)).toMatchObject({ tipoOperacion: 'B' });
    expect(fake.received.at(-1)?.xml).toContain(
      `<anul:codigoComunicacion>${stored[0]?.code}</anul:codigoComunicacion>`,
    );
    expect(stored.every((c) => c.cancelled)).toBe(true);
    const error = await rejection(
      ses.cancel?.(credentials, establishment, ['00000000-0000-1000-8000-000000000000']) as Promise<void>,
    );
    expect(error.code).toBe('ses-hospedajes.rejected');
    expect(error.message).toContain('ses.10113');
  });

  it('test() reads a catalogo; wrong credentials are ses-hospedajes.unauthorized (HTTP 401), kept by the tracker', async () => {
    const { ses, tracker } = client();
    await ses.test(credentials, establishment);
    expect(fake.received.at(-1)?.operation).toBe('catalogo');
    const error = await rejection(ses.test({ username: '12345678AWS', password: 'wrong' }, establishment));
    expect(error.code).toBe('ses-hospedajes.unauthorized');
    expect(tracker.status().lastError).toEqual({ at: clock.now(), code: 'ses-hospedajes.unauthorized' });
  });

  it('a header refused by SES (codigo ≠ 0) is a rejected submit, nothing queued', async () => {
    const { ses } = client();
    fake.failNext({
      status: 200,
      body: '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns3:comunicacionResponse xmlns:ns3="x"><respuesta><codigo>10103</codigo><descripcion>El arrendador no existe</descripcion></respuesta></ns3:comunicacionResponse></S:Body></S:Envelope>',
    });
    expect(await ses.submit(credentials, establishment, 'PV', [stay([foreignPassport])])).toEqual({
      status: 'rejected',
      errors: [{ code: 'ses.10103', message: 'El arrendador no existe' }],
    });
  });

  it('a SOAP Client fault is rejected, a Server fault server_error; HTML is invalid_response', async () => {
    const { ses } = client();
    const fault = (code: string) =>
      `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:${code}</faultcode><faultstring>Unmarshalling Error</faultstring></soap:Fault></soap:Body></soap:Envelope>`;
    fake.failNext({ status: 500, body: fault('Client') });
    const client500 = await rejection(ses.test(credentials, establishment));
    expect(client500.code).toBe('ses-hospedajes.rejected');
    expect(client500.message).toContain('Unmarshalling Error');
    fake.failNext({ status: 500, body: fault('Server') });
    expect((await rejection(ses.test(credentials, establishment))).code).toBe('ses-hospedajes.server_error');
    fake.failNext({ status: 200, body: '<html><body>Mantenimiento</body></html>' });
    expect((await rejection(ses.test(credentials, establishment))).code).toBe(
      'ses-hospedajes.invalid_response',
    );
  });

  it('no answer in time is a timeout; nothing listening is unreachable', async () => {
    fake.hangNext();
    const { ses, tracker } = client({ timeoutMs: 150 });
    expect((await rejection(ses.test(credentials, establishment))).code).toBe('ses-hospedajes.timeout');
    expect(tracker.status().lastError?.code).toBe('ses-hospedajes.timeout');
    const { ses: nowhere } = client({ baseUrl: 'http://127.0.0.1:9/hospedajes-web/ws/v1/comunicacion' });
    expect((await rejection(nowhere.test(credentials, establishment))).code).toBe(
      'ses-hospedajes.unreachable',
    );
  });

  it('more than 100 communications in one request are refused before sending', async () => {
    const { ses } = client();
    const before = fake.received.length;
    const result = await ses.submit(
      credentials,
      establishment,
      'PV',
      Array.from({ length: 101 }, () => stay([foreignPassport])),
    );
    expect(result).toMatchObject({ status: 'rejected', errors: [{ code: 'ses.batch_size' }] });
    expect(fake.received.length).toBe(before);
    expect(ses.maxPerRequest).toBe(100);
  });

  it('polling a lote SES does not know is a failed batch with its code; a wrong path is rejected', async () => {
    const { ses } = client();
    expect(await ses.poll?.(credentials, establishment, '00000000-0000-0000-0000-000000000000')).toEqual({
      status: 'failed',
      state: 0,
      description: 'No existe el lote',
      errors: [{ code: 'ses.10113', message: 'No existe el lote' }],
    });
    const { ses: elsewhere } = client({ baseUrl: `${fake.base}/hospedajes-web/ws/comunicacion` });
    const error = await rejection(elsewhere.test(credentials, establishment));
    expect(error.code).toBe('ses-hospedajes.rejected');
    expect(error.status).toBe(404);
  });

  it('latencyMs delays every answer', async () => {
    const slow = await startFakeSes({ latencyMs: 120 });
    try {
      const ses = createSesHospedajesClient({ baseUrl: slow.env.SES_URL });
      const started = Date.now();
      await ses.test({ username: slow.username, password: slow.password }, establishment);
      expect(Date.now() - started).toBeGreaterThanOrEqual(115);
    } finally {
      await slow.close();
    }
  });
});
