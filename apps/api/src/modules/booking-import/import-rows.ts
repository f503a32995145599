import { type BookingImportColumn, bookingImportExampleNote } from '@posada/contracts/booking-import';
import type { RoomTypeItem } from '@posada/contracts/property-rooms';
import type { BookingChannel, ManualPaymentStatus } from '@posada/domain/booking-rules';
import type { ImportProperty } from './booking-import.repo.ts';
import type { RowIssue } from './booking-import.service.ts';
import { normalizeWord } from './cells.ts';

/* The rows of an import between the checks and the insert: candidates, issue keys, refused rows. */

/** A row that passed every check but the nights: what the planner places and the insert writes. */
export interface CandidateRow {
  row: number;
  property: ImportProperty;
  hotel: boolean;
  roomType: RoomTypeItem | null;
  quantity: number;
  start: string;
  end: string;
  name: string;
  email: string;
  phone: string;
  guests: number;
  price: number;
  channel: BookingChannel;
  paymentStatus: ManualPaymentStatus;
  notes: string;
}

/** Contract and domain field names → the template's columns. */
export const fieldColumn: Record<string, BookingImportColumn> = {
  property_id: 'property',
  start_date: 'arrival',
  end_date: 'departure',
  name: 'guest_name',
  email: 'email',
  phone: 'phone',
  number_of_guests: 'guests',
  price: 'price',
  room_type_id: 'room_type',
  quantity: 'rooms',
  notes: 'notes',
};

export const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';
export const exampleNotes = new Set(Object.values(bookingImportExampleNote).map(normalizeWord));

export interface ZodLikeIssue {
  code: string;
  message: string;
  path: PropertyKey[];
  origin?: string;
  format?: string;
  minimum?: unknown;
  maximum?: unknown;
}

/** A contract issue as a message key (our keys are kept; zod's own codes map to the generic ones). */
export function issueKey(issue: ZodLikeIssue): { code: string; params?: Record<string, number> } {
  if (/^[a-z_]+\.[a-z_.]+$/.test(issue.message)) return { code: issue.message };
  const minimum = Number(issue.minimum ?? 0);
  const maximum = Number(issue.maximum ?? 0);
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' && minimum === 1
        ? { code: 'validation.required' }
        : {
            code: issue.origin === 'string' ? 'validation.too_short' : 'validation.too_small',
            params: { minimum },
          };
    case 'too_big':
      return {
        code: issue.origin === 'string' ? 'validation.too_long' : 'validation.too_big',
        params: { maximum },
      };
    case 'invalid_format':
      return { code: issue.format === 'email' ? 'validation.invalid_email' : 'validation.invalid' };
    default:
      return { code: 'validation.invalid' };
  }
}

/** Rows refused inside the transaction (the nights changed since they were checked): nothing is written. */
export class RowsRefused extends Error {
  constructor(readonly issues: RowIssue[]) {
    super('rows refused');
  }
}
