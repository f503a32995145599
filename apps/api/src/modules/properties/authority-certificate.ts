import forge from 'node-forge';

/**
 * The Ertzaintza signing certificate (issue 14): a PKCS#12 (PFX) file the operator uploads with its
 * passphrase. Read here only to check it opens and to show its subject and expiry; the file and the
 * passphrase are stored sealed.
 */
export interface CertificateInfo {
  subject: string;
  expiresAt: Date;
}

/** Null when the bytes are not a PFX, the passphrase is wrong or it holds no certificate. */
export function readCertificateInfo(pfxBase64: string, passphrase: string): CertificateInfo | null {
  try {
    const der = forge.util.decode64(pfxBase64);
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), passphrase);
    const certBag = forge.pki.oids.certBag as string;
    const bags = p12.getBags({ bagType: certBag })[certBag] ?? [];
    const certs = bags
      .map((b: forge.pkcs12.Bag) => b.cert)
      .filter((c: forge.pki.Certificate | undefined): c is forge.pki.Certificate => Boolean(c));
    // The end-entity certificate: the one that issued no other in the file (a PFX may carry its chain).
    const own =
      certs.find(
        (c: forge.pki.Certificate) =>
          !certs.some((o: forge.pki.Certificate) => o !== c && o.issuer.hash === c.subject.hash),
      ) ?? certs[0];
    if (!own) return null;
    const subject = own.subject.attributes
      .map((a: forge.pki.CertificateField) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`)
      .join(', ');
    return { subject, expiresAt: own.validity.notAfter };
  } catch {
    return null;
  }
}
