import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createEmpresa, type Fixture, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * issue 13: the property's check-in and check-out times (saved with the policies, HH:MM on the 24-hour
 * clock) and the guest's welcome summary that shows them.
 */
describe('property check-in and check-out times', () => {
  let t: TestApp;
  let owner: Fixture;
  let token: string;
  let propertyId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createEmpresa(t, { properties: [{ nombre: 'Casa Horario' }] });
    token = await loginToken(t, owner.email);
    propertyId = owner.propertyIds[0] as string;
  });
  afterAll(async () => {
    await t.close();
  });

  const policies = { es: 'Sin fiestas.', en: 'No parties.', ar: '' };
  const settings = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/properties/${propertyId}/settings`,
        headers: bearer(token),
      })
    ).json().data;
  const save = (payload: object, lang = 'es') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/properties/${propertyId}/settings/accommodation-policies`,
      headers: { ...bearer(token), 'accept-language': lang },
      payload,
    });

  it('starts at 15:00 and 11:00, saves both times with the policies and reads them back', async () => {
    expect(await settings()).toMatchObject({ checkin_time: '15:00', checkout_time: '11:00' });

    const res = await save({ policies, checkin_time: ' 16:30 ', checkout_time: '10:00' });

    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ checkin_time: '16:30', checkout_time: '10:00' });
    expect(await settings()).toMatchObject({ checkin_time: '16:30', checkout_time: '10:00', policies });
  });

  it('keeps the stored times when a save leaves them out', async () => {
    const res = await save({ policies: { ...policies, en: 'No parties, please.' } });

    expect(res.statusCode).toBe(200);
    expect(await settings()).toMatchObject({ checkin_time: '16:30', checkout_time: '10:00' });
  });

  it.each([
    ['25:00', 'es', 'Escribe la hora como HH:MM en formato de 24 horas, por ejemplo 15:00.'],
    ['3 pm', 'en', 'Enter the time as HH:MM on the 24-hour clock, for example 15:00.'],
    ['9:5', 'ar', 'اكتب الوقت بصيغة HH:MM بنظام 24 ساعة، مثل 15:00.'],
    ['12:60', 'es', 'Escribe la hora como HH:MM en formato de 24 horas, por ejemplo 15:00.'],
  ])('refuses %s with its text in %s and changes nothing', async (bad, lang, message) => {
    const before = await settings();

    const res = await save({ policies: { es: 'Otra norma.', en: '', ar: '' }, checkin_time: bad }, lang);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, errors: { checkin_time: [message] } });
    expect(await settings()).toEqual(before);
  });

  it('shows the times on the stay summary a guest link opens', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/checkins/send',
      headers: bearer(token),
      payload: {
        property_id: propertyId,
        name: 'Ana Ruiz',
        phone: '+34 600 000 001',
        email: 'ana.hours@example.com',
        channel: 'email',
        start_date: '2030-05-01',
        end_date: '2030-05-04',
        guests: 2,
        language: 'es',
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const url = new URL(sent.json().data.link.url);

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/guest/checkin/start',
      payload: { propiedad_id: propertyId, t: url.searchParams.get('t') },
    });

    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.checkin).toMatchObject({ checkin_time: '16:30', checkout_time: '10:00' });
  });
});
