import { PKPass } from 'passkit-generator';

/**
 * The CPU-heavy half of an Apple Wallet pass (decision 0037; issue 22, hostile finding 7):
 * passkit-generator hashes the files and signs the manifest (PKCS#7 in node-forge, plain
 * JavaScript) synchronously inside `getAsBuffer`, ~tens of ms per pass. It runs in a worker
 * (pkpass-pool.ts), so it takes plain, cloneable data: no Dates, no class instances.
 */

export interface PassField {
  key: string;
  label: string;
  value: string;
}

export interface PkpassInput {
  icons: Record<string, Uint8Array>;
  certificates: {
    signerCert: string;
    signerKey: string;
    signerKeyPassphrase?: string;
    wwdr: string;
  };
  /** pass.json's top-level keys (formatVersion, identifiers, serial number, colours) */
  props: Record<string, string | number>;
  primaryFields: PassField[];
  secondaryFields: PassField[];
  auxiliaryFields: PassField[];
  backFields: PassField[];
  /** ISO instant: when the pass is relevant (the session's start) */
  relevantDate: string | null;
  barcode: { message: string; altText: string };
}

/** Builds and signs the .pkpass (a zip) from plain data. Blocks the thread it runs on. */
export function signPkpass(input: PkpassInput): Buffer {
  const icons = Object.fromEntries(
    Object.entries(input.icons).map(([name, bytes]) => [name, Buffer.from(bytes)]),
  );
  const pass = new PKPass(icons, input.certificates, input.props);
  pass.type = 'eventTicket';
  pass.primaryFields.push(...input.primaryFields);
  pass.secondaryFields.push(...input.secondaryFields);
  pass.auxiliaryFields.push(...input.auxiliaryFields);
  pass.backFields.push(...input.backFields);
  if (input.relevantDate) pass.setRelevantDate(new Date(input.relevantDate));
  pass.setBarcodes({
    message: input.barcode.message,
    format: 'PKBarcodeFormatQR',
    messageEncoding: 'iso-8859-1',
    altText: input.barcode.altText,
  });
  return pass.getAsBuffer();
}
