import type { CheckinDetail, manualCheckinBody } from '@posada/contracts/checkins';
import { guestDataErrors, normalizeDocumentNumber, purgeDate } from '@posada/domain/checkin-rules';
import { normalizePhone } from '@posada/domain/phone';
import { todayIn } from '@posada/domain/zoned-time';
import type { z } from 'zod';
import { withoutEvents } from '../../events/bus.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { lookupPostalCode, municipalityFor } from '../guest-checkin/postal-codes.ts';
import { DOCUMENT_PURPOSE, linkExpiry, newCheckinLink } from './checkin-links.ts';
import type { CheckinPlanning } from './checkin-planning.ts';
import type { CheckinsContext, GuestRow } from './checkins.context.ts';
import { checkinsErrors } from './checkins.errors.ts';
import { createCheckinsRepo } from './checkins.repo.ts';
import type { CheckinsDeps } from './checkins.service.ts';

/** The operator's manual check-in (spec 5 checkinManual). */
export function createManualCheckin(deps: CheckinsDeps, ctx: CheckinsContext, planning: CheckinPlanning) {
  const { db, clock, secrets, logger } = deps;
  const { ownedProperty, ownedBooking, detail, fieldErrors } = ctx;
  const { planForBooking } = planning;
  return {
    /** POST /api/checkins/manual (checkinManual): a complete check-in with one guest, or 422 and nothing saved. */
    async manual(tenant: Tenant, input: z.output<typeof manualCheckinBody>): Promise<CheckinDetail> {
      const property = input.property_id ? await ownedProperty(tenant.accountId, input.property_id) : null;
      const booking = input.booking_id ? await ownedBooking(tenant.accountId, input.booking_id) : null;
      const guest = input.guest;
      const today = todayIn(property?.timeZone ?? 'Europe/Madrid', clock.now());
      const ruleErrors = guestDataErrors(
        {
          ...guest,
          kinship: guest.kinship ?? null,
          arrival: input.start_date,
          departure: input.end_date,
        },
        { today, form: 'manual' },
      );
      const errors: Record<string, string> = {};
      for (const [field, key] of Object.entries(ruleErrors)) {
        if (!key) continue;
        const name =
          field === 'arrival' ? 'start_date' : field === 'departure' ? 'end_date' : `guest.${field}`;
        errors[name] = `checkin.${key}`;
      }
      // spec 5: a Spanish postal code must exist in the records (the guest flow's dataset).
      const spanish = guest.residence_country.trim().toUpperCase() === 'ES';
      const postal =
        spanish && guest.postal_code && !errors['guest.postal_code']
          ? lookupPostalCode(guest.postal_code)
          : null;
      if (spanish && guest.postal_code && !errors['guest.postal_code'] && !postal) {
        errors['guest.postal_code'] = 'checkin.errors.postal_code_unknown';
      }
      // The shared rules stop at the first missing stay date; the form marks both.
      if (!input.end_date) errors.end_date ??= 'checkin.errors.required';
      if (!property) errors.property_id = 'checkin.errors.required';
      if (!input.accepted_terms) errors.accepted_terms = 'checkin.errors.accepted_terms';
      if (Object.keys(errors).length > 0 || !property) throw checkinsErrors.invalid(fieldErrors(errors));

      const now = clock.now();
      const documentNumber = normalizeDocumentNumber(guest.document_number);
      const pdf = deps.renderPdf
        ? await deps
            .renderPdf({
              language: 'es',
              property: {
                name: property.nombre,
                address: property.address ?? '',
                city: property.city ?? undefined,
                postalCode: property.zipCode ?? undefined,
                country: property.pais,
              },
              stay: { arrival: input.start_date, departure: input.end_date },
              guest: {
                firstName: guest.first_name,
                lastName: guest.last_name,
                gender: guest.gender,
                birthDate: guest.birth_date,
                nationality: guest.nationality,
                documentType: guest.document_type,
                documentNumber,
                supportNumber: guest.support_number,
                issueDate: guest.issue_date || null,
                expiryDate: guest.expiry_date || null,
                phone: guest.phone,
                email: guest.email,
                address: guest.address,
                city: guest.city,
                postalCode: guest.postal_code,
                province: null,
                municipality: null,
                country: guest.country,
                residenceCountry: guest.residence_country,
                minors: !!guest.minors,
                kinship: guest.kinship || null,
                paymentMethod: guest.payment_method || null,
                paymentDate: guest.payment_date || null,
                isLead: true,
              },
              signature: guest.signature.startsWith('data:image/png;base64,') ? guest.signature : null,
              signedAt: now,
              signedPlace: property.city ?? property.nombre,
            })
            .catch((err) => {
              logger.error({ err }, 'checkins: the registration card could not be rendered');
              return null;
            })
        : null;

      // The booking's programmed check-in becomes the complete one. Planned before the transaction: it
      // reads and writes on the module's connection, which would wait on the open transaction (PGlite).
      const planned = booking ? await planForBooking(tenant.accountId, booking.id) : null;
      // checkin.completed goes with the commit, as for the guest's own flow (issue 14: the police registration).
      const checkinId = await (deps.events ?? withoutEvents).transaction(db, async (tx, emit) => {
        const repo = createCheckinsRepo({ db: tx });
        const id = planned?.id ?? crypto.randomUUID();
        const stay = {
          accountId: tenant.accountId,
          propertyId: property.id,
          name: `${guest.first_name} ${guest.last_name}`.trim(),
          email: guest.email.toLowerCase(),
          phone: normalizePhone(guest.phone, 'ES') ?? guest.phone,
          startDate: input.start_date,
          endDate: input.end_date,
          status: 'complete' as const,
          completedAt: now,
          scheduledFor: null,
          linkExpiresAt: linkExpiry(input.end_date, property.timeZone),
          purgeAfter: purgeDate(input.end_date),
        };
        const existing = booking ? await repo.checkinExists(id) : false;
        if (existing) {
          await repo.updateCheckin(id, stay);
        } else {
          const link = newCheckinLink(secrets, id);
          await repo.insertCheckin({
            id,
            ...stay,
            bookingId: booking?.id ?? null,
            linkTokenHash: link.hash,
            linkTokenSealed: link.sealed,
            origin: 'manual',
            createdAt: now,
          });
        }
        const guestId = crypto.randomUUID();
        await repo.insertGuest({
          id: guestId,
          checkinId: id,
          accountId: tenant.accountId,
          isLead: true,
          firstName: guest.first_name,
          lastName: guest.last_name,
          gender: guest.gender as GuestRow['gender'],
          birthDate: guest.birth_date,
          phone: guest.phone,
          email: guest.email.toLowerCase(),
          documentType: guest.document_type as GuestRow['documentType'],
          documentNumberSealed: secrets.seal(documentNumber, DOCUMENT_PURPOSE, guestId),
          documentLast4: documentNumber.slice(-4),
          issueDate: guest.issue_date || null,
          expiryDate: guest.expiry_date || null,
          supportNumber: normalizeDocumentNumber(guest.support_number),
          nationality: guest.nationality.toUpperCase(),
          country: guest.country.toUpperCase(),
          address: guest.address,
          city: guest.city,
          postalCode: guest.postal_code,
          province: postal?.province ?? null,
          municipality: postal ? municipalityFor(postal, guest.city) : null,
          residenceCountry: guest.residence_country.toUpperCase(),
          paymentMethod: guest.payment_method || null,
          paymentDate: guest.payment_date || null,
          minors: !!guest.minors,
          kinship: guest.kinship || null,
          signature: guest.signature || null,
          registrationPdf: pdf,
          process: 'operator_manual',
          createdAt: now,
        });
        await emit(tenant.accountId, 'checkin.completed', {
          checkin_id: id,
          property_id: property.id,
          booking_id: booking?.id ?? null,
        });
        return id;
      });
      return detail(tenant.accountId, checkinId);
    },
  };
}
