import type {
  PoliceFileView,
  RegistrationAttemptView,
  RegistrationView,
} from '@posada/contracts/authorities';
import type { AttemptRow, PoliceFileRow, RegistrationRow } from './authorities.repo.ts';
import { isOverdue, toCsv } from './registration-rules.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export interface ListedRegistration {
  registration: RegistrationRow;
  propertyName: string;
  bookingCode: string | null;
  checkinName: string | null;
  bookingName: string | null;
}

export function toView(l: ListedRegistration, now: Date): RegistrationView {
  const r = l.registration;
  return {
    id: r.id,
    property_id: r.propertyId,
    property_name: l.propertyName,
    checkin_id: r.checkinId,
    booking_id: r.bookingId,
    booking_code: l.bookingCode,
    guest_name: l.checkinName ?? l.bookingName ?? '',
    kind: r.kind,
    entity: r.entity,
    reference: r.reference,
    version: r.version,
    state: r.state,
    due_at: r.dueAt.toISOString(),
    overdue: isOverdue(r.state, r.dueAt, now),
    not_before: iso(r.notBefore),
    guest_count: r.guestCount,
    expected_guests: r.expectedGuests,
    sent_incomplete: r.sentIncomplete,
    batch_code: r.batchCode,
    communication_codes: r.communicationCodes,
    receipt_number: r.receiptNumber,
    police_file_id: r.policeFileId,
    errors: r.errors,
    attempt_count: r.attempts,
    next_attempt_at: iso(r.nextAttemptAt),
    last_error: r.lastError,
    sent_at: iso(r.sentAt),
    settled_at: iso(r.settledAt),
    cancelled_at: iso(r.cancelledAt),
    created_at: r.createdAt.toISOString(),
  };
}

export const toAttemptView = (a: AttemptRow): RegistrationAttemptView => ({
  id: a.id,
  operation: a.operation,
  outcome: a.outcome,
  detail: a.detail,
  created_at: a.createdAt.toISOString(),
});

export const toFileView = (f: PoliceFileRow, propertyName: string): PoliceFileView => ({
  id: f.id,
  property_id: f.propertyId,
  property_name: propertyName,
  day: f.day,
  sequence: f.sequence,
  file_name: f.fileName,
  registration_count: f.registrationCount,
  uploaded_at: iso(f.uploadedAt),
  receipt_number: f.receiptNumber,
  created_at: f.createdAt.toISOString(),
});

/** The legal record (RD 933/2021): every communication with its proof, one row each. */
export function registrationsCsv(views: RegistrationView[]): string {
  const header = [
    'id',
    'created_at',
    'property',
    'kind',
    'entity',
    'reference',
    'version',
    'state',
    'guest',
    'booking_code',
    'checkin_id',
    'booking_id',
    'guest_count',
    'due_at',
    'sent_at',
    'settled_at',
    'cancelled_at',
    'batch_code',
    'communication_codes',
    'receipt_number',
    'errors',
    'attempts',
  ];
  const rows = views.map((v) => [
    v.id,
    v.created_at,
    v.property_name,
    v.kind,
    v.entity,
    v.reference,
    v.version,
    v.state,
    v.guest_name,
    v.booking_code,
    v.checkin_id,
    v.booking_id,
    v.guest_count,
    v.due_at,
    v.sent_at,
    v.settled_at,
    v.cancelled_at,
    v.batch_code,
    v.communication_codes.join(' '),
    v.receipt_number,
    v.errors.map((e) => `${e.field ? `${e.field}: ` : ''}${e.message}`).join(' | '),
    v.attempt_count,
  ]);
  return toCsv(header, rows);
}
