import { randomUUID } from 'node:crypto';
import type { RegisteredGuest, registerGuestBody } from '@posada/contracts/guest-checkin';
import { guestDataErrors, normalizeDocumentNumber, purgeDate } from '@posada/domain/checkin-rules';
import { todayIn } from '@posada/domain/zoned-time';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type EventProducer, withoutEvents } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { DOCUMENT_PURPOSE, linkExpiry } from '../checkins/checkin-links.ts';
import type { CheckinRecords } from '../checkins/checkin-records.service.ts';
import { isPngDataUrl } from '../files/decode.ts';
import { guestCheckinErrors as errors } from './guest-checkin.errors.ts';
import { type CheckinRow, createGuestCheckinRepo, type IdentityVerdictRow } from './guest-checkin.repo.ts';
import type { GuestContext } from './guest-context.ts';
import { lookupPostalCode, municipalityFor } from './postal-codes.ts';
import { renderRegistrationPdf } from './registration-pdf.ts';

export type GuestBody = z.output<typeof registerGuestBody>;

/** The guest registration step: one guest's data checked, its signed PDF rendered and stored. */
export function createGuestRegistration(deps: {
  db: Db;
  records: CheckinRecords;
  context: GuestContext;
  clock: Clock;
  secrets: SecretBox;
  events?: EventProducer;
}) {
  const { db, context, clock } = deps;
  const events = deps.events ?? withoutEvents;

  return {
    async registerGuest(token: string | undefined, body: GuestBody): Promise<RegisteredGuest> {
      const s = await context.load(token);
      const current = context.requireAllSteps(s);
      const property = s.property;
      const today = todayIn(property.timeZone, clock.now());

      const found: Record<string, string | undefined> = guestDataErrors(
        { ...body, kinship: body.kinship ?? null },
        { today, form: 'guest' },
      );
      const spanish = body.residence_country.trim().toUpperCase() === 'ES';
      const postal =
        spanish && !found.postal_code && body.postal_code ? lookupPostalCode(body.postal_code) : null;
      if (spanish && !found.postal_code && body.postal_code && !postal)
        found.postal_code = 'errors.postal_code_unknown';
      // The signature goes into the signed PDF and back to the operator: only a PNG that decodes completely.
      if (!found.signature && body.signature && !(await isPngDataUrl(body.signature)))
        found.signature = 'errors.signature_damaged';
      // Issue 27: where the property asks for the identity check, the server's own verdict, never the phone's.
      const identityAsked = property.identityVerification;
      if (identityAsked && !body.identity_verdict_id) found.identity = 'errors.identity_required';
      const keys = Object.entries(found).filter(([, key]) => key);
      if (keys.length > 0) {
        throw errors.invalidGuest(
          Object.fromEntries(keys.map(([field, key]) => [field, [`checkin.${key}`]])),
        );
      }

      const guestId = randomUUID();
      const documentNumber = normalizeDocumentNumber(body.document_number);
      const province = postal?.province ?? null;
      const municipality = postal ? municipalityFor(postal, body.city) : null;
      const now = clock.now();

      const result = await events.transaction(db, async (tx, emit) => {
        const repo = createGuestCheckinRepo({ db: tx });
        const checkin = await repo.lockCheckin(current.id);
        if (!checkin) throw errors.notFound();
        const registered = await repo.guestCount(checkin.id);
        // A finished check-in still takes the travellers it misses (issue 27), and no one more.
        const late = checkin.status === 'complete';
        if (late && registered >= checkin.expectedGuests) throw errors.alreadyComplete();
        // issue 11: at most the booking's guest count (the operator raises it on the booking or check-in).
        if (registered >= checkin.expectedGuests) throw errors.guestLimit(checkin.expectedGuests);
        const isLead = registered === 0;
        const walkIn = checkin.origin === 'send' && !checkin.bookingId && checkin.name === '';
        const patch: Partial<CheckinRow> = {};
        if (walkIn && isLead) {
          Object.assign(patch, {
            startDate: body.arrival,
            endDate: body.departure,
            linkExpiresAt: linkExpiry(body.departure, property.timeZone),
            purgeAfter: purgeDate(body.departure),
          });
        }
        if (isLead && checkin.name === '') {
          Object.assign(patch, {
            name: `${body.first_name} ${body.last_name}`.trim(),
            email: checkin.email || body.email,
            phone: checkin.phone || body.phone,
          });
        }
        let verdict: IdentityVerdictRow | null = null;
        if (identityAsked) {
          verdict = await repo.takeVerdict(checkin.id, body.identity_verdict_id ?? '', guestId);
          if (!verdict) throw errors.invalidGuest({ identity: ['checkin.errors.identity_required'] });
          // A mismatch goes through only as the guest's request for the operator's manual check.
          if (!verdict.match && !body.identity_manual)
            throw errors.invalidGuest({ identity: ['checkin.errors.identity_failed'] });
        }
        let stay = checkin;
        if (Object.keys(patch).length > 0) {
          stay = (await deps.records.updateCheckin(checkin.id, patch, tx)) ?? checkin;
        }
        const pdf = await renderRegistrationPdf({
          language: stay.language,
          property: {
            name: property.nombre,
            address: property.address ?? '',
            city: property.city ?? '',
            postalCode: property.zipCode ?? '',
            country: property.pais,
          },
          stay: { arrival: stay.startDate, departure: stay.endDate },
          guest: {
            firstName: body.first_name,
            lastName: body.last_name,
            gender: body.gender,
            birthDate: body.birth_date,
            nationality: body.nationality.toUpperCase(),
            documentType: body.document_type,
            documentNumber,
            supportNumber: normalizeDocumentNumber(body.support_number),
            issueDate: body.issue_date || null,
            expiryDate: body.expiry_date || null,
            phone: body.phone,
            email: body.email,
            address: body.address,
            city: body.city,
            postalCode: body.postal_code,
            province,
            municipality,
            country: body.country.toUpperCase(),
            residenceCountry: body.residence_country.toUpperCase(),
            minors: body.minors === true,
            kinship: body.minors ? body.kinship || null : null,
            paymentMethod: body.payment_method || null,
            paymentDate: body.payment_date || null,
            isLead,
          },
          signature: body.signature,
          signedAt: now,
          signedPlace: property.city ?? property.nombre,
        });
        await deps.records.insertGuest(
          {
            id: guestId,
            checkinId: checkin.id,
            accountId: checkin.accountId,
            isLead,
            firstName: body.first_name,
            lastName: body.last_name,
            gender: body.gender as Exclude<typeof body.gender, ''>,
            birthDate: body.birth_date,
            phone: body.phone,
            email: body.email,
            documentType: body.document_type as Exclude<typeof body.document_type, ''>,
            documentNumberSealed: deps.secrets.seal(documentNumber, DOCUMENT_PURPOSE, guestId),
            documentLast4: documentNumber.slice(-4),
            issueDate: body.issue_date || null,
            expiryDate: body.expiry_date || null,
            supportNumber: normalizeDocumentNumber(body.support_number),
            nationality: body.nationality.toUpperCase(),
            country: body.country.toUpperCase(),
            address: body.address,
            city: body.city,
            postalCode: body.postal_code,
            province,
            municipality,
            residenceCountry: body.residence_country.toUpperCase(),
            paymentMethod: body.payment_method || null,
            paymentDate: body.payment_date || null,
            minors: body.minors === true,
            kinship: body.minors ? body.kinship || null : null,
            signature: body.signature,
            registrationPdf: Buffer.from(pdf),
            process: body.process,
            faceScore: verdict?.score ?? null,
            faceMatch: verdict?.match ?? null,
            createdAt: now,
          },
          tx,
        );
        if (late) {
          await emit(checkin.accountId, 'checkin.guests_changed', {
            checkin_id: checkin.id,
            property_id: checkin.propertyId,
          });
        }
        return { stay, isLead };
      });
      return {
        id: guestId,
        is_lead: result.isLead,
        first_name: body.first_name,
        last_name: body.last_name,
        checkin: await context.summaryOf(property, result.stay),
      };
    },
  };
}
