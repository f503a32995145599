/**
 * What the authorities module hands every police adapter (ses-hospedajes, ertzaintza, mossos), in plain
 * decoded values: the adapters map them to each authority's code lists and formats. Dates are ISO
 * calendar dates (YYYY-MM-DD); times are the property's local wall-clock time (HH:MM).
 */
import type { DocumentType, Gender, Kinship, PaymentMethod } from '@posada/domain/checkin-rules';

export interface PoliceGuest {
  firstName: string;
  /** Both surnames as the guest typed them ("García López"); adapters split the first from the rest. */
  lastName: string;
  gender: Gender;
  birthDate: string;
  documentType: DocumentType;
  /** Unsealed document number. A 'dni' starting with X, Y or Z is a NIE. */
  documentNumber: string;
  supportNumber: string;
  issueDate: string | null;
  /** ISO 3166-1 alpha-3. */
  nationality: string;
  /** Country of residence, ISO 3166-1 alpha-2 (as stored). */
  residenceCountry: string;
  address: string;
  city: string;
  postalCode: string;
  /** INE municipality code (5 digits) when the residence is in Spain, from the postal-code dataset. */
  municipalityCode: string | null;
  province: string | null;
  phone: string;
  email: string;
  /** Relation to the lead guest, required for a minor's adult. */
  kinship: Kinship | null;
  isLead: boolean;
}

/** One communication: one stay (a check-in's guests for PV, the booking holder for RH). */
export interface PoliceCommunication {
  /** Our contract reference, at most 50 characters, unique per communication version. */
  reference: string;
  /** Date the booking was made. */
  contractDate: string;
  arrivalDate: string;
  arrivalTime: string;
  departureDate: string;
  departureTime: string;
  rooms: number;
  internet: boolean;
  paymentMethod: PaymentMethod | null;
  paymentDate: string | null;
  guests: PoliceGuest[];
}

export interface PoliceEstablishment {
  /** SES codigoEstablecimiento / Mossos file identifier / Ertzaintza establishment code. */
  establishmentCode: string;
  /** SES codigoArrendador (landlord or lessor code). */
  landlordCode: string;
  name: string;
  address: string;
  city: string;
  postalCode: string;
  /** INE municipality code (5 digits): SES RH sends it when there is no establishmentCode. */
  municipalityCode?: string | null;
  /** apartamento | villa | hotel | camping */
  propertyType: string;
}

export interface PoliceCredentials {
  username: string;
  password: string;
  /** Ertzaintza only: the operator's PFX and its passphrase. */
  certificate?: { pfx: Buffer; passphrase: string };
}

/** An error from a pre-send check or from the authority, field by field where it says which. */
export interface PoliceError {
  code: string;
  message: string;
  field?: string;
  /** 1-based position of the guest in the communication. */
  guest?: number;
}

/** The authority's verdict on one communication of a batch, in the order they were sent. */
export interface CommunicationResult {
  /** SES codigoComunicacion, Ertzaintza petición: the proof. */
  communicationCode?: string;
  errors: PoliceError[];
  /** The authority already had it (Ertzaintza CTO01): treated as accepted. */
  duplicate?: boolean;
}

export type SubmitResult =
  /** Asynchronous (SES): accepted for processing; poll the batch. */
  | { status: 'queued'; batch: string }
  /** Synchronous (Ertzaintza): settled now, one result per communication. */
  | { status: 'settled'; batch: string | null; results: CommunicationResult[] }
  /** The whole request was refused (format, header): nothing was registered. */
  | { status: 'rejected'; errors: PoliceError[] };

export type BatchResult =
  | { status: 'pending'; state: number; description: string }
  | { status: 'settled'; state: number; description: string; results: CommunicationResult[] }
  | { status: 'failed'; state: number; description: string; errors: PoliceError[] };

/**
 * A police web service. Transport and credential problems throw AdapterError
 * (`<service>.unauthorized` for a wrong user or password, `.timeout`, `.unreachable`, `.server_error` are
 * transient and retried; `.rejected`, `.invalid_response` are not).
 */
export interface PoliceService {
  /** Business rules the XSD does not carry, checked before sending; empty when it may go. */
  check(
    kind: 'PV' | 'RH',
    establishment: PoliceEstablishment,
    communication: PoliceCommunication,
  ): PoliceError[];
  submit(
    credentials: PoliceCredentials,
    establishment: PoliceEstablishment,
    kind: 'PV' | 'RH',
    communications: PoliceCommunication[],
  ): Promise<SubmitResult>;
  /** Only asynchronous services (SES). */
  poll?(
    credentials: PoliceCredentials,
    establishment: PoliceEstablishment,
    batch: string,
  ): Promise<BatchResult>;
  /** Cancel communications by their proof codes (SES `B`); services without it do not have this. */
  cancel?(
    credentials: PoliceCredentials,
    establishment: PoliceEstablishment,
    communicationCodes: string[],
  ): Promise<void>;
  /** A cheap authenticated call (SES catalogo, Ertzaintza's empty request); throws `.unauthorized` on bad credentials. */
  test(credentials: PoliceCredentials, establishment: PoliceEstablishment): Promise<void>;
  /** Most communications one request may carry (SES 100, Ertzaintza 400). */
  maxPerRequest: number;
}
