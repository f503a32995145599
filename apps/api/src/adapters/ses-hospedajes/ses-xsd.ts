/**
 * XSD validation of the SES documents against the official schemas in `xsd/` (copied verbatim from the
 * v3.1.3 package), with xmllint compiled to WebAssembly (a dev dependency: tests and the fake only).
 */
import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

export type SesDocument = 'PV' | 'RH' | 'B' | 'C';

const schemaFile: Record<SesDocument, string> = {
  PV: 'altaParteHospedaje.xsd',
  RH: 'altaReservaHospedaje.xsd',
  B: 'anularComunicacion.xsd',
  C: 'consultarComunicacion.xsd',
};

const files = new Map<string, string>();
const load = (name: string) => {
  let contents = files.get(name);
  if (contents === undefined) {
    contents = readFileSync(new URL(`./xsd/${name}`, import.meta.url), 'utf8');
    files.set(name, contents);
  }
  return { fileName: name, contents };
};

/** The validation messages of one document (empty when it is valid). */
export async function validateSesXml(document: SesDocument, xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'solicitud.xml', contents: xml },
    schema: load(schemaFile[document]),
    preload: document === 'PV' || document === 'RH' ? load('tiposGenerales.xsd') : null,
  });
  return result.valid ? [] : result.errors.map((e) => e.message);
}
