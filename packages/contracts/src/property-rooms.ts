import { z } from 'zod';
import { idText, multilineText, text, uuid } from './primitives.ts';
import { currencySchema, roomSchema, roomStatusSchema, roomTypeSchema } from './properties.ts';

/**
 * Room types, rooms (with their status for the maintenance page), rates and property images of one
 * property (spec 3 Room type, Room, Rate; spec 4 Room states; spec 5 Room form and Property images;
 * spec 7 "upload and delete property images, set the main image, load and save rooms").
 * Every answer is wrapped in the envelope of ./envelope.ts.
 */

const required = (max: number) => text({ max, trim: true }).min(1, 'validation.required');
/** Optional free text: blank is stored as null. */
const optionalText = (max: number) => text({ max, trim: true }).nullable().optional();

export type { Room, RoomStatus, RoomType } from './properties.ts';
export { roomSchema, roomStatusSchema, roomTypeSchema };

// ---------------------------------------------------------------- room types

/** POST /api/properties/{id}/room-types and PUT …/room-types/{typeId}. */
export const roomTypeBody = z.object({
  name: required(80),
  adults: z.number().int().min(1).max(20),
  children: z.number().int().min(0).max(20).default(0),
  infants: z.number().int().min(0).max(20).default(0),
});
export type RoomTypeBody = z.input<typeof roomTypeBody>;
export type RoomTypeInput = z.output<typeof roomTypeBody>;

/** A room type with how many rooms use it (a type with rooms cannot be deleted: 409 room_types.in_use). */
export const roomTypeItem = roomTypeSchema.extend({ rooms_count: z.number().int() });
export type RoomTypeItem = z.infer<typeof roomTypeItem>;
export const roomTypeList = z.object({ items: z.array(roomTypeItem) });
export type RoomTypeList = z.infer<typeof roomTypeList>;

// ---------------------------------------------------------------- rooms

/** One row of the room form. Without `id` it is created; rows of the property missing from the list are deleted. */
export const roomInput = z.object({
  id: uuid().optional(),
  /** Required in every room (spec 5). */
  room_type_id: idText(100).min(1, 'validation.required'),
  /** Name or number; required, unique within the property (422 properties.room_name_taken). */
  name: required(60),
  code: optionalText(40),
  description: multilineText(1000, { trim: true }).nullable().optional(),
  access_key: optionalText(100),
  status: roomStatusSchema.default('available'),
});
export type RoomInput = z.input<typeof roomInput>;

/**
 * PUT /api/properties/{id}/rooms: the whole list, saved in one transaction. Field errors name the row:
 * `rooms.3.name`, `rooms.0.room_type_id`. Over the plan's room count: 422 rooms.limit_reached
 * ('Límite alcanzado') and nothing saved.
 */
export const saveRoomsBody = z.object({ rooms: z.array(roomInput).max(1000) });
export type SaveRoomsBody = z.input<typeof saveRoomsBody>;
export type SaveRoomsInput = z.output<typeof saveRoomsBody>;

/** GET and PUT answer: the rooms (by name), the types and the plan limit (`room_quantity`). */
export const roomsData = z.object({
  rooms: z.array(roomSchema),
  room_types: z.array(roomTypeSchema),
  /** Maximum rooms per property allowed by the account's plan. */
  room_quantity: z.number().int(),
});
export type RoomsData = z.infer<typeof roomsData>;

/** PATCH /api/properties/{id}/rooms/{roomId}/status: the maintenance page. Answers the room. */
export const roomStatusBody = z.object({ status: roomStatusSchema });
export const roomData = roomSchema;
export type RoomStatusBody = z.infer<typeof roomStatusBody>;

// ---------------------------------------------------------------- rates

/** POST /api/properties/{id}/rates and PUT …/rates/{rateId}. Price with taxes included, minor units. */
export const rateBody = z.object({
  name: required(80),
  occupancy: z.number().int().min(1).max(50),
  /** Minor units (cents) of `currency`, taxes included. */
  price: z.number().int().min(0).max(2_000_000_000),
  currency: currencySchema.default('EUR'),
  /** A rate may apply to one room type (hotels, campings) or to the whole property (null). */
  room_type_id: uuid().nullable().optional(),
});
export type RateBody = z.input<typeof rateBody>;
export type RateInput = z.output<typeof rateBody>;

export const rateSchema = z.object({
  id: uuid(),
  name: z.string(),
  occupancy: z.number().int(),
  price: z.number().int(),
  currency: currencySchema,
  room_type_id: uuid().nullable(),
});
export type Rate = z.infer<typeof rateSchema>;
export const rateList = z.object({ items: z.array(rateSchema) });
export type RateList = z.infer<typeof rateList>;

// ---------------------------------------------------------------- images

/** spec 5 / 9: property images JPEG, PNG or GIF (checked by content), at most 30 MB each. */
export const PROPERTY_IMAGE_MAX_BYTES = 30 * 1024 * 1024;
/** How many files one upload request may carry. */
export const PROPERTY_IMAGE_MAX_FILES = 10;
export const propertyImageTypes = ['image/jpeg', 'image/png', 'image/gif'] as const;

export const propertyImage = z.object({
  id: uuid(),
  url: z.string(),
  /** A smaller JPEG/PNG for lists; equals `url` when no thumbnail could be made. */
  thumb_url: z.string(),
  is_main: z.boolean(),
  position: z.number().int(),
  /** Bytes. */
  size: z.number().int(),
  /** image/jpeg | image/png | image/gif */
  type: z.string(),
});
export type PropertyImage = z.infer<typeof propertyImage>;
export const propertyImageList = z.object({ items: z.array(propertyImage) });
export type PropertyImageList = z.infer<typeof propertyImageList>;

export const rejectedImageReason = z.enum(['type', 'size']);
export type RejectedImageReason = z.infer<typeof rejectedImageReason>;

/**
 * POST /api/properties/{id}/images (multipart, one or more file parts, any field name, at most
 * PROPERTY_IMAGE_MAX_FILES): 201 `{ ok: true, data }` when at least one file was stored; 422
 * `imageUploadRejectedEnvelope` (code images.all_rejected, 'Error al subir imágenes') when none was,
 * with the same `data` so the page can list each invalid file and its reason.
 */
export const imageUploadData = z.object({
  uploaded: z.array(propertyImage),
  rejected: z.array(z.object({ name: z.string(), reason: rejectedImageReason, message: z.string() })),
  /** Every image of the property after the upload. */
  items: z.array(propertyImage),
});
export type ImageUploadData = z.infer<typeof imageUploadData>;

export const imageUploadRejectedEnvelope = z.object({
  ok: z.literal(false),
  code: z.literal('images.all_rejected'),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  data: imageUploadData,
});
export type ImageUploadRejectedEnvelope = z.infer<typeof imageUploadRejectedEnvelope>;

// ---------------------------------------------------------------- params and paths

export const roomTypeParams = z.object({ id: idText(), typeId: idText() });
export const roomParams = z.object({ id: idText(), roomId: idText() });
export const rateParams = z.object({ id: idText(), rateId: idText() });
export const imageParams = z.object({ id: idText(), imageId: idText() });

export const propertyRoomsPaths = {
  roomTypes: (id: string) => `/api/properties/${id}/room-types`,
  roomType: (id: string, typeId: string) => `/api/properties/${id}/room-types/${typeId}`,
  rooms: (id: string) => `/api/properties/${id}/rooms`,
  roomStatus: (id: string, roomId: string) => `/api/properties/${id}/rooms/${roomId}/status`,
  rates: (id: string) => `/api/properties/${id}/rates`,
  rate: (id: string, rateId: string) => `/api/properties/${id}/rates/${rateId}`,
  images: (id: string) => `/api/properties/${id}/images`,
  image: (id: string, imageId: string) => `/api/properties/${id}/images/${imageId}`,
  mainImage: (id: string, imageId: string) => `/api/properties/${id}/images/${imageId}/main`,
} as const;

/**
 * Error codes of these endpoints (message in the caller's language):
 * - 400 validation.failed, `errors` by field (`rooms.3.name`, `adults`, …)
 * - 404 properties.not_found (another account's property), room_types.not_found, rooms.not_found,
 *   rates.not_found, images.not_found
 * - 409 room_types.in_use: the type still has rooms
 * - 422 properties.room_name_taken (errors `rooms.N.name`), rooms.limit_reached ('Límite alcanzado',
 *   errors.rooms holds the upgrade hint), rooms.room_type_invalid (errors `rooms.N.room_type_id`),
 *   rates.room_type_invalid, images.all_rejected
 */
