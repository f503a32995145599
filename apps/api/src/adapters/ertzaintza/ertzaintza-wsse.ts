/**
 * WS-Security X.509 signature of a SOAP 1.1 message (OASIS WSS 1.0, X.509 token profile), as the A19
 * policy asks: a BinarySecurityToken with the operator's certificate, a wsu:Timestamp, and one
 * ds:Signature over the Body, the Timestamp and the token (exclusive c14n, RSA-SHA256, SHA-256
 * digests; KeyInfo is a SecurityTokenReference to the token). node-forge reads the PFX, xml-crypto signs
 * and verifies. Note: roomdoo's module, validated on PRE, signs with RSA-SHA1/SHA-1; the service reads the
 * algorithm from the signature, and SHA-1 is kept out on purpose.
 */
import { randomUUID } from 'node:crypto';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';

export const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const WSSE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
const WSU = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const X509V3 = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3';
const BASE64 =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

/** The operator's certificate (DER, base64) and private key (PEM), read from the PFX. */
export interface SigningIdentity {
  certificate: string;
  privateKeyPem: string;
}

/** Reads a PKCS#12 file; throws on a wrong passphrase or a file without a key and its certificate. */
export function readPfx(pfx: Buffer, passphrase: string): SigningIdentity {
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(pfx.toString('binary')), passphrase);
  const { pkcs8ShroudedKeyBag, keyBag, certBag } = forge.pki.oids as Record<string, string>;
  const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const key = (bags(pkcs8ShroudedKeyBag as string)[0] ?? bags(keyBag as string)[0])?.key as
    | forge.pki.rsa.PrivateKey
    | undefined;
  if (!key) throw new Error('the PFX holds no private key');
  const certs = bags(certBag as string)
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => Boolean(cert));
  // The signing certificate is the one whose public key is the key's (a PFX may carry the CA chain too).
  const own = certs.find((cert) => (cert.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n));
  if (!own) throw new Error('the PFX holds no certificate for its key');
  return {
    certificate: forge.util.encode64(forge.asn1.toDer(forge.pki.certificateToAsn1(own)).getBytes()),
    privateKeyPem: forge.pki.privateKeyToPem(key),
  };
}

const stamp = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

/**
 * A signed envelope around `body` (the Body's child XML). `namespaces` are declared on the Envelope
 * (the operation's prefix). The Timestamp lives `ttlSeconds` (300 s, as PRE accepted).
 */
export function signEnvelope(
  body: string,
  identity: SigningIdentity,
  opts: { namespaces?: Record<string, string>; now?: Date; ttlSeconds?: number } = {},
): string {
  const now = opts.now ?? new Date();
  const ids = { token: `X509-${randomUUID()}`, ts: `TS-${randomUUID()}`, body: `id-${randomUUID()}` };
  const ns = Object.entries(opts.namespaces ?? {})
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('');
  const envelope =
    `<soapenv:Envelope xmlns:soapenv="${SOAP_NS}"${ns}><soapenv:Header>` +
    `<wsse:Security xmlns:wsse="${WSSE}" xmlns:wsu="${WSU}" soapenv:mustUnderstand="1">` +
    `<wsse:BinarySecurityToken EncodingType="${BASE64}" ValueType="${X509V3}" wsu:Id="${ids.token}">${identity.certificate}</wsse:BinarySecurityToken>` +
    `<wsu:Timestamp wsu:Id="${ids.ts}"><wsu:Created>${stamp(now)}</wsu:Created>` +
    `<wsu:Expires>${stamp(new Date(now.getTime() + (opts.ttlSeconds ?? 300) * 1000))}</wsu:Expires></wsu:Timestamp>` +
    `</wsse:Security></soapenv:Header>` +
    `<soapenv:Body xmlns:wsu="${WSU}" wsu:Id="${ids.body}">${body}</soapenv:Body></soapenv:Envelope>`;

  const signer = new SignedXml({
    privateKey: identity.privateKeyPem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
    idMode: 'wssecurity',
    getKeyInfoContent: () =>
      `<wsse:SecurityTokenReference xmlns:wsse="${WSSE}"><wsse:Reference URI="#${ids.token}" ValueType="${X509V3}"/></wsse:SecurityTokenReference>`,
  });
  for (const id of [ids.body, ids.ts, ids.token]) {
    signer.addReference({
      xpath: `//*[@*[local-name(.)='Id' and .='${id}']]`,
      transforms: [EXC_C14N],
      digestAlgorithm: SHA256,
    });
  }
  signer.computeSignature(envelope, {
    prefix: 'ds',
    location: { reference: "//*[local-name(.)='Security']", action: 'append' },
  });
  return `<?xml version="1.0" encoding="UTF-8"?>${signer.getSignedXml()}`;
}

const pemOf = (base64Der: string) =>
  `-----BEGIN CERTIFICATE-----\n${base64Der
    .replace(/\s+/g, '')
    .replace(/(.{64})/g, '$1\n')
    .trim()}\n-----END CERTIFICATE-----\n`;

type Verdict = { ok: true; certificate: string } | { ok: false; reason: string };

/**
 * Verifies a signed envelope with the certificate its BinarySecurityToken carries: the signature must be
 * valid and cover the Body, the Timestamp and the token itself (the fake server's check; the Ertzaintza
 * does not sign its answers). Does not judge the certificate's issuer.
 */
export function verifyEnvelope(xml: string): Verdict {
  let doc: Document;
  try {
    doc = new DOMParser().parseFromString(xml, 'text/xml');
  } catch (error) {
    return { ok: false, reason: `not XML: ${(error as Error).message}` };
  }
  const one = (ns: string, name: string) => doc.getElementsByTagNameNS(ns, name);
  const signatures = one(DS, 'Signature');
  const tokens = one(WSSE, 'BinarySecurityToken');
  const timestamps = one(WSU, 'Timestamp');
  const bodies = one(SOAP_NS, 'Body');
  if (signatures.length !== 1 || tokens.length !== 1) return { ok: false, reason: 'unsigned' };
  if (timestamps.length !== 1 || bodies.length !== 1) return { ok: false, reason: 'no timestamp or body' };
  const certificate = (tokens[0]?.textContent ?? '').replace(/\s+/g, '');
  const idOf = (node: Element | undefined) => node?.getAttributeNS(WSU, 'Id') ?? '';
  const verifier = new SignedXml({ publicCert: pemOf(certificate), idMode: 'wssecurity' });
  try {
    verifier.loadSignature(signatures[0] as unknown as Parameters<SignedXml['loadSignature']>[0]);
    if (!verifier.checkSignature(xml)) return { ok: false, reason: 'signature does not verify' };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  const signed = new Set(verifier.getReferences().map((r) => r.uri.replace(/^#/, '')));
  for (const node of [bodies[0], timestamps[0], tokens[0]]) {
    if (!signed.has(idOf(node))) return { ok: false, reason: `${node?.localName} is not signed` };
  }
  return { ok: true, certificate };
}
