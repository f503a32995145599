import { isHotelType } from './property-types.ts';

/**
 * spec 2.3 wizard order: name (plus internal name), location, logo, room type, physical rooms, capacity,
 * services, price and currency, description. 7 steps for Apartamento, Villa or no type; 8 for Hotel or
 * Camping, which take their capacity from the room type instead of a capacity step (spec 5 step numbers).
 */
export type WizardStep =
  | 'name'
  | 'location'
  | 'logo'
  | 'roomType'
  | 'rooms'
  | 'capacity'
  | 'services'
  | 'price'
  | 'description';

const apartmentSteps: WizardStep[] = [
  'name',
  'location',
  'logo',
  'capacity',
  'services',
  'price',
  'description',
];
const hotelSteps: WizardStep[] = [
  'name',
  'location',
  'logo',
  'roomType',
  'rooms',
  'services',
  'price',
  'description',
];

export function wizardSteps(tipo: string | null | undefined): WizardStep[] {
  return isHotelType(tipo) ? hotelSteps : apartmentSteps;
}

/** spec 9: default progress per step is 14; the bar width is progress per step × step, capped at 100. */
export const WIZARD_PROGRESS_PER_STEP = 14;
export function wizardProgress(step: number, total: number): number {
  const perStep = total > 0 ? Math.min(WIZARD_PROGRESS_PER_STEP, 100 / total) : WIZARD_PROGRESS_PER_STEP;
  return Math.min(100, step === total ? 100 : perStep * step);
}

/** The fixed services list (spec 3 Property services). */
export const propertyServices = [
  'oven',
  'pets_allowed',
  'wifi',
  'essentials',
  'washing_machine',
  'air_conditioning',
  'heating',
  'parking',
  'children_allowed',
  'refrigerator',
] as const;
export type PropertyService = (typeof propertyServices)[number];

export interface WizardDraft {
  tipo: string | null;
  nombre: string;
  pais: string;
  address: string;
  city: string;
  roomTypeName: string;
  roomTypeAdults: number;
  rooms: { name: string }[];
  priceNight: number | null;
  description: { es: string; en: string; ar: string };
}

/** spec 2.3: the very first property starts from this draft (currency EUR, 1 guest, bedroom, bathroom). */
export const firstPropertyDraftDefaults = {
  description: '',
  priceNight: null,
  nombre: '',
  address: '',
  city: '',
  paisName: '',
  pais: '',
  currency: 'EUR',
  guests: 1,
  bedrooms: 1,
  bathrooms: 1,
  services: [] as PropertyService[],
} as const;

/** The currency a country uses by default: COP for Colombia, otherwise EUR (spec 9). */
export function defaultCurrency(pais: string | null | undefined): 'EUR' | 'COP' {
  return pais?.toUpperCase() === 'CO' ? 'COP' : 'EUR';
}

/**
 * spec 5 Property setup steps: which required fields of a step are missing (message keys by field).
 * An empty object means the step is valid.
 */
export function wizardStepErrors(step: WizardStep, draft: WizardDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  const blank = (value: string) => value.trim().length === 0;
  switch (step) {
    case 'name':
      if (blank(draft.nombre)) errors.nombre = 'validation.required';
      break;
    case 'location':
      if (blank(draft.pais)) errors.pais = 'validation.required';
      if (blank(draft.address)) errors.address = 'validation.required';
      if (blank(draft.city)) errors.city = 'validation.required';
      break;
    case 'roomType':
      if (blank(draft.roomTypeName)) errors.roomTypeName = 'validation.required';
      if (!(draft.roomTypeAdults >= 1)) errors.roomTypeAdults = 'validation.required';
      break;
    case 'rooms':
      if (draft.rooms.length === 0) errors.rooms = 'validation.required';
      draft.rooms.forEach((room, i) => {
        if (blank(room.name)) errors[`rooms.${i}.name`] = 'validation.required';
      });
      break;
    case 'price':
      if (draft.priceNight === null || !(draft.priceNight > 0)) errors.priceNight = 'validation.required';
      break;
    case 'description':
      if (blank(draft.description.es) && blank(draft.description.en) && blank(draft.description.ar)) {
        errors.description = 'validation.required';
      }
      break;
    default:
      break;
  }
  return errors;
}

/** spec 4 validity flags: a step is valid when it has no missing required field. */
export function wizardValidity(draft: WizardDraft): boolean[] {
  return wizardSteps(draft.tipo).map((step) => Object.keys(wizardStepErrors(step, draft)).length === 0);
}

/** spec 5: a property cannot be created when the count is at or above the user's quantity. */
export function canCreateProperty(count: number, quantity: number): boolean {
  return count < quantity;
}
