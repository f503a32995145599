import type { CreatePropertyBody, Currency } from '@posada/contracts/properties';
import type { TipoHospedaje, User } from '@posada/contracts/users';
import {
  defaultCurrency,
  firstPropertyDraftDefaults,
  type PropertyService,
  type WizardStep,
  wizardStepErrors,
  wizardSteps,
} from '@posada/domain/property-wizard';

/** Everything the wizard collects (spec 3 Property creation template/draft). Money in minor units. */
export interface PropertyDraft {
  tipo: TipoHospedaje;
  nombre: string;
  internalName: string;
  pais: string;
  address: string;
  city: string;
  zipCode: string;
  logo: string | null;
  roomTypeName: string;
  roomTypeAdults: number;
  roomTypeChildren: number;
  roomTypeInfants: number;
  rooms: { name: string; code: string }[];
  guests: number;
  bedrooms: number;
  bathrooms: number;
  services: PropertyService[];
  priceNight: number | null;
  currency: Currency;
  /** The operator picked the currency themselves: a country change no longer replaces it. */
  currencyChosen: boolean;
  description: { es: string; en: string; ar: string };
}

/**
 * A new draft. The very first property starts from spec 2.3's reset values (empty texts, EUR, one guest,
 * bedroom and bathroom, no services); the type defaults to the account's tipo_hospedaje.
 */
export function initialDraft(user: Pick<User, 'tipo_hospedaje' | 'pais'>, first: boolean): PropertyDraft {
  const d = firstPropertyDraftDefaults;
  const pais = first ? d.pais : (user.pais ?? '');
  return {
    tipo: user.tipo_hospedaje ?? 'apartamento',
    nombre: d.nombre,
    internalName: '',
    pais,
    address: d.address,
    city: d.city,
    zipCode: '',
    logo: null,
    roomTypeName: '',
    roomTypeAdults: 2,
    roomTypeChildren: 0,
    roomTypeInfants: 0,
    rooms: [{ name: '', code: '' }],
    guests: d.guests,
    bedrooms: d.bedrooms,
    bathrooms: d.bathrooms,
    services: [...d.services],
    priceNight: d.priceNight,
    currency: first ? d.currency : defaultCurrency(pais),
    currencyChosen: false,
    description: { es: d.description, en: d.description, ar: d.description },
  };
}

/** The country changed: the currency follows it (COP for Colombia, else EUR) until chosen by hand. */
export function withCountry(draft: PropertyDraft, pais: string): PropertyDraft {
  return {
    ...draft,
    pais,
    currency: draft.currencyChosen ? draft.currency : defaultCurrency(pais),
  };
}

/** The current step's missing fields (domain rules, spec 5). */
export function stepErrors(step: WizardStep, draft: PropertyDraft): Record<string, string> {
  return wizardStepErrors(step, draft);
}

const trimmedOrUndefined = (value: string) => value.trim() || undefined;

/** The create payload (contracts createPropertyBody) from a draft. */
export function toCreateBody(draft: PropertyDraft): CreatePropertyBody {
  const hotel = wizardSteps(draft.tipo).includes('roomType');
  return {
    tipo: draft.tipo,
    nombre: draft.nombre.trim(),
    internal_name: trimmedOrUndefined(draft.internalName),
    pais: draft.pais,
    address: draft.address.trim(),
    city: draft.city.trim(),
    zip_code: trimmedOrUndefined(draft.zipCode),
    logo: draft.logo,
    room_type: hotel
      ? {
          name: draft.roomTypeName.trim(),
          adults: draft.roomTypeAdults,
          children: draft.roomTypeChildren,
          infants: draft.roomTypeInfants,
        }
      : undefined,
    rooms: hotel
      ? draft.rooms.map((room) => ({ name: room.name.trim(), code: trimmedOrUndefined(room.code) }))
      : undefined,
    // Hotels take their capacity from the room type.
    guests: hotel ? Math.max(1, draft.roomTypeAdults + draft.roomTypeChildren) : draft.guests,
    bedrooms: draft.bedrooms,
    bathrooms: draft.bathrooms,
    services: draft.services,
    price_night: draft.priceNight ?? 0,
    currency: draft.currency,
    description: draft.description,
  };
}

/** Which wizard step shows a field of the create payload (server errors jump there). */
export function stepOfField(field: string): WizardStep {
  const head = field.split('.')[0] ?? field;
  if (head === 'nombre' || head === 'internal_name' || head === 'tipo') return 'name';
  if (head === 'pais' || head === 'address' || head === 'city' || head === 'zip_code') return 'location';
  if (head === 'logo') return 'logo';
  if (head === 'room_type') return 'roomType';
  if (head === 'rooms') return 'rooms';
  if (head === 'guests' || head === 'bedrooms' || head === 'bathrooms') return 'capacity';
  if (head === 'services') return 'services';
  if (head === 'price_night' || head === 'currency') return 'price';
  return 'description';
}

/** Payload field → the draft field whose input shows the message. */
export function draftFieldOf(field: string): string {
  const map: Record<string, string> = {
    internal_name: 'internalName',
    zip_code: 'zipCode',
    'room_type.name': 'roomTypeName',
    'room_type.adults': 'roomTypeAdults',
    price_night: 'priceNight',
  };
  if (map[field]) return map[field];
  const room = /^rooms\.(\d+)\.name$/.exec(field);
  if (room) return `rooms.${room[1]}.name`;
  if (field.startsWith('description')) return 'description';
  return field;
}

/** The earliest step (in this type's order) that has a server error, with its messages by draft field. */
export function serverErrorsByStep(
  tipo: string,
  errors: Record<string, string[]>,
): { step: number; fields: Record<string, string> } | null {
  const steps = wizardSteps(tipo);
  let first = Number.POSITIVE_INFINITY;
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const message = messages.find(Boolean);
    if (!message) continue;
    const index = steps.indexOf(stepOfField(field));
    if (index >= 0) first = Math.min(first, index);
    fields[draftFieldOf(field)] = message;
  }
  return Number.isFinite(first) ? { step: first, fields } : null;
}

/** sessionStorage, so a reload keeps what was typed (and nothing outlives the browser tab). */
export function draftStorageKey(userId: string): string {
  return `posada.propertyDraft.${userId}`;
}
