import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSesAnswer, parseSesDate } from './ses-response.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('SES answers, read by local name', () => {
  it('Anexo I ok: codigoRetorno 0 (the example spelling) and the lote', () => {
    expect(parseSesAnswer(fixture('anexoI-response-ok.xml'))).toMatchObject({
      fault: null,
      codigo: 0,
      descripcion: 'Ok',
      lote: '00000000-0000-0000-0000-000000000000',
    });
  });

  it('Anexo I error: the code and its description, no lote', () => {
    expect(parseSesAnswer(fixture('anexoI-response-error-109.xml'))).toMatchObject({
      codigo: 109,
      descripcion: 'Formato de solicitud incorrecto. Ha de ir comprimido (zip) y codificado en Base64.',
      lote: null,
    });
  });

  it('Anexo II state 6: tipoComuniacion and resutadoComunicacion as misspelled, with the row error', () => {
    const [lote] = parseSesAnswer(fixture('anexoII-response-consulta-estado6.xml')).lotes;
    expect(lote).toMatchObject({
      lote: '00000000-0000-0000-0000-000000000000',
      tipoComunicacion: 'PV',
      tipoOperacion: 'A',
      codigoEstado: 6,
      descEstado: 'Se ha ejecutado pero hay errores en algunas comunicaciones',
      rows: [
        {
          orden: 1,
          codigoComunicacion: null,
          tipoError: 'Error validación de datos',
          error: expect.stringContaining('No existe un establecimiento para ese código'),
        },
      ],
    });
    expect(lote?.fechaProcesamiento?.toISOString()).toBe('2023-02-23T10:37:33.000Z');
  });

  it('the live state-1 answer: a space-separated Madrid time and a row without orden', () => {
    const answer = parseSesAnswer(fixture('consulta-lote-estado1-checkpol.xml'));
    expect(answer.codigo).toBe(0);
    const [lote] = answer.lotes;
    expect(lote?.codigoEstado).toBe(1);
    expect(lote?.descEstado).toBe('Lote tramitado sin errores');
    expect(lote?.fechaProcesamiento?.toISOString()).toBe('2026-04-17T16:37:17.000Z'); // CEST, UTC+2
    expect(lote?.rows).toEqual([
      {
        orden: 1,
        anulada: false,
        codigoComunicacion: 'b26926f4-3a7b-11f1-a800-0050569580a9',
        tipoError: null,
        error: null,
      },
    ]);
  });

  it('anulacionLote with only <codigo>0</codigo>', () => {
    expect(parseSesAnswer(fixture('anulacion-lote-ok-sin-descripcion.xml'))).toMatchObject({
      codigo: 0,
      descripcion: '',
    });
  });

  it('catalogo: the status in resultado and the tuplas', () => {
    const xml =
      '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns2:catalogoResponse xmlns:ns2="x">' +
      '<resultado><codigo>0</codigo><descripcion>Ok</descripcion></resultado><respuesta><resultado>' +
      '<tupla><codigo>H</codigo><descripcion>Hombre</descripcion></tupla><tupla><codigo>M</codigo><descripcion>Mujer</descripcion></tupla>' +
      '</resultado></respuesta></ns2:catalogoResponse></S:Body></S:Envelope>';
    expect(parseSesAnswer(xml)).toMatchObject({
      codigo: 0,
      tuplas: [
        { codigo: 'H', descripcion: 'Hombre' },
        { codigo: 'M', descripcion: 'Mujer' },
      ],
    });
  });

  it('a SOAP Fault', () => {
    const xml =
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>' +
      '<faultcode>soap:Client</faultcode><faultstring xml:lang="es">Unmarshalling Error</faultstring></soap:Fault></soap:Body></soap:Envelope>';
    expect(parseSesAnswer(xml).fault).toEqual({ code: 'soap:Client', message: 'Unmarshalling Error' });
  });

  it('not SOAP at all throws', () => {
    expect(() => parseSesAnswer('<html><body>Bad gateway</body></html>')).toThrow(/no Body/);
    expect(() => parseSesAnswer('')).toThrow();
  });

  it('dates with offset, Z, or Madrid wall clock in winter and summer', () => {
    expect(parseSesDate('2026-03-17T09:43:17.479+01:00')?.toISOString()).toBe('2026-03-17T08:43:17.479Z');
    expect(parseSesDate('2026-01-10 12:00:00')?.toISOString()).toBe('2026-01-10T11:00:00.000Z');
    expect(parseSesDate('2026-07-10T12:00:00')?.toISOString()).toBe('2026-07-10T10:00:00.000Z');
    expect(parseSesDate('yesterday')).toBeNull();
  });
});
