import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  buildAnulacion,
  buildConsulta,
  buildParteViajeros,
  buildReservaHospedaje,
  comunicacionEnvelope,
  escapeXml,
  splitSurname,
  unzipBase64,
  ZIP_ENTRY,
  zipBase64,
} from './ses-xml.ts';
import { validateSesXml } from './ses-xsd.ts';
import {
  establishment,
  foreignPassport,
  nieResident,
  spanishAdult,
  spanishChild,
  stay,
} from './test-support.ts';

const parser = new XMLParser({
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => name === 'persona',
});
// biome-ignore lint/suspicious/noExplicitAny: the parsed documents are read field by field in the assertions.
type Any = Record<string, any>;
const personas = (xml: string): Any[] => (parser.parse(xml) as Any).peticion.solicitud.comunicacion.persona;

describe('SES XML against the official XSDs', () => {
  it('the official Anexo I parte validates and an element out of order is rejected (the validator works)', async () => {
    const official = readFileSync(
      new URL('./fixtures/anexoI-PV-oficial-spec-v3.1.3.xml', import.meta.url),
      'utf8',
    );
    expect(await validateSesXml('PV', official)).toEqual([]);
    const swapped = buildParteViajeros(establishment, [stay([foreignPassport])]).replace(
      /(<nombre>John<\/nombre>)(<apellido1>Smith<\/apellido1>)/,
      '$2$1',
    );
    expect((await validateSesXml('PV', swapped)).join()).toMatch(/apellido1.*not expected.*nombre/);
  });

  it('PV: a Spanish adult with NIF and her child (HJ, no document) validate, in order, with numPersonas = 2', async () => {
    const xml = buildParteViajeros(establishment, [stay([spanishAdult, spanishChild])]);
    expect(await validateSesXml('PV', xml)).toEqual([]);
    const [adult, child] = personas(xml) as [Any, Any];
    expect(xml).toContain('<numPersonas>2</numPersonas>');
    expect(Object.keys(adult)).toEqual([
      'rol',
      'nombre',
      'apellido1',
      'apellido2',
      'tipoDocumento',
      'numeroDocumento',
      'soporteDocumento',
      'fechaNacimiento',
      'nacionalidad',
      'sexo',
      'direccion',
      'telefono',
      'correo',
      'parentesco',
    ]);
    expect(adult).toMatchObject({
      rol: 'VI',
      apellido1: 'García',
      apellido2: 'López',
      tipoDocumento: 'NIF',
      sexo: 'M',
    });
    expect(adult.direccion).toEqual({
      direccion: 'Calle de Alcalá 10, 2º B',
      codigoMunicipio: '28079',
      codigoPostal: '28014',
      pais: 'ESP',
    });
    expect(child).toMatchObject({ rol: 'VI', parentesco: 'HJ', sexo: 'H' });
    expect(child.tipoDocumento).toBeUndefined();
    expect(child.numeroDocumento).toBeUndefined();
    expect(xml).toContain(
      '<fechaEntrada>2026-12-01T16:00:00</fechaEntrada><fechaSalida>2026-12-05T11:00:00</fechaSalida>',
    );
    expect(xml).toContain('<pago><tipoPago>TARJT</tipoPago><fechaPago>2026-11-01</fechaPago></pago>');
  });

  it('PV: a foreign passport names the municipality and sends no INE code; a NIE carries its support number', async () => {
    const xml = buildParteViajeros(establishment, [
      stay([foreignPassport]),
      stay([nieResident], { reference: 'R-2' }),
    ]);
    expect(await validateSesXml('PV', xml)).toEqual([]);
    const doc = parser.parse(xml) as Any;
    const [first, second] = doc.peticion.solicitud.comunicacion as Any[];
    const john = first?.persona[0] as Any;
    expect(john).toMatchObject({ tipoDocumento: 'PAS', numeroDocumento: '123456789', nacionalidad: 'GBR' });
    expect(john.apellido2).toBeUndefined();
    expect(john.direccion).toEqual({
      direccion: '221B Baker Street',
      nombreMunicipio: 'London',
      codigoPostal: 'NW1 6XE',
      pais: 'GBR',
    });
    expect(second?.persona[0]).toMatchObject({
      tipoDocumento: 'NIE',
      soporteDocumento: 'E12345678',
      apellido1: 'El',
      apellido2: 'Amrani',
      sexo: 'O',
    });
  });

  it('PV: long and hostile values are cut to the XSD sizes and escaped, and still validate', async () => {
    const hostile = {
      ...foreignPassport,
      firstName: `<script>&"'${'Ñ'.repeat(80)}`,
      lastName: `O'Brien ${'x'.repeat(120)}`,
      address: `A & B ${'calle '.repeat(40)}\u0007`,
      phone: '+44 20 7946 0958 ext 12345',
      documentNumber: 'AB 12-3456 7890 12345',
    };
    const xml = buildParteViajeros(establishment, [stay([hostile], { reference: 'r'.repeat(80) })]);
    expect(await validateSesXml('PV', xml)).toEqual([]);
    const [p] = personas(xml) as [Any];
    expect(Array.from(p.nombre as string)).toHaveLength(50);
    expect(p.nombre).toMatch(/^<script>&"'Ñ/);
    expect(p.apellido1).toBe("O'Brien");
    expect((p.apellido2 as string).length).toBe(50);
    expect(p.numeroDocumento).toBe('AB1234567890123');
    expect(xml).not.toContain('\u0007');
  });

  it('RH: the holder is TI, the establishment goes by code, and it validates', async () => {
    const xml = buildReservaHospedaje(establishment, [
      stay([{ ...foreignPassport, isLead: false }, spanishAdult]),
    ]);
    expect(await validateSesXml('RH', xml)).toEqual([]);
    const com = (parser.parse(xml) as Any).peticion.solicitud.comunicacion;
    expect(com.establecimiento).toEqual({ codigo: '0000012345' });
    expect(com.persona.map((p: Any) => p.rol)).toEqual(['VI', 'TI']);
    expect(com.persona[1].soporteDocumento).toBeUndefined();
    expect(com.persona[1].parentesco).toBeUndefined();
  });

  it('RH without an establishment code describes it (tipo APART, INE code) and validates', async () => {
    const xml = buildReservaHospedaje(
      { ...establishment, establishmentCode: '', municipalityCode: '28079' },
      [stay([spanishAdult], { arrivalTime: '', departureTime: '' })],
    );
    expect(await validateSesXml('RH', xml)).toEqual([]);
    expect(xml).toContain('<datosEstablecimiento><tipo>APART</tipo><nombre>Casa Posada</nombre>');
    expect(xml).toContain('<fechaEntrada>2026-12-01T00:00:00</fechaEntrada>');
  });

  it('anulación and consulta validate against their XSDs', async () => {
    expect(await validateSesXml('B', buildAnulacion(['b26926f4-3a7b-11f1-a800-0050569580a9']))).toEqual([]);
    expect(await validateSesXml('C', buildConsulta(['523a323d-3a7b-11f1-a800-0050569580a9']))).toEqual([]);
  });
});

describe('SES XML helpers', () => {
  it('splits the first surname from the rest', () => {
    expect(splitSurname('García López')).toEqual({ first: 'García', second: 'López' });
    expect(splitSurname('  de  la Fuente  Martín ')).toEqual({ first: 'de', second: 'la Fuente Martín' });
    expect(splitSurname('Smith')).toEqual({ first: 'Smith', second: '' });
  });

  it('escapes the five XML characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });

  it('zip round trip: one DEFLATE entry holding the UTF-8 bytes without BOM', () => {
    const xml = buildParteViajeros(establishment, [stay([spanishAdult])]);
    const b64 = zipBase64(`\uFEFF${xml}`);
    const zip = Buffer.from(b64, 'base64');
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.readUInt16LE(8)).toBe(8); // compression method 8 = DEFLATE
    const entries = unzipSync(new Uint8Array(zip));
    expect(Object.keys(entries)).toEqual([ZIP_ENTRY]);
    const bytes = entries[ZIP_ENTRY] as Uint8Array;
    expect([...bytes.slice(0, 5)]).toEqual([...Buffer.from('<?xml')]);
    expect(Buffer.from(bytes).toString('utf8')).toBe(xml);
    expect(unzipBase64(b64)).toBe(xml);
  });

  it('the comunicacion envelope carries the header in WSDL order and the zipped solicitud', () => {
    const env = comunicacionEnvelope(
      { landlordCode: '0000000001', application: 'P'.repeat(60), operation: 'A', kind: 'PV' },
      '<x/>',
    );
    expect(env).toMatch(
      /<cabecera><codigoArrendador>0000000001<\/codigoArrendador><aplicacion>P{50}<\/aplicacion><tipoOperacion>A<\/tipoOperacion><tipoComunicacion>PV<\/tipoComunicacion><\/cabecera><solicitud>([^<]+)<\/solicitud>/,
    );
    const solicitud = /<solicitud>([^<]+)<\/solicitud>/.exec(env)?.[1] ?? '';
    expect(unzipBase64(solicitud)).toBe('<x/>');
    const b = comunicacionEnvelope(
      { landlordCode: '1', application: 'Posada', operation: 'B', kind: 'PV' },
      '<x/>',
    );
    expect(b).not.toContain('tipoComunicacion');
  });
});
