import {
  type ImageUploadData,
  type PropertyImageList,
  propertyRoomsPaths,
  type Rate,
  type RateBody,
  type RateList,
  type Room,
  type RoomStatus,
  type RoomsData,
  type RoomTypeBody,
  type RoomTypeList,
  type SaveRoomsBody,
} from '@posada/contracts/property-rooms';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../../lib/api.ts';
import i18n from '../../../../lib/i18n.ts';
import { uploadWithProgress } from '../../../../lib/upload-with-progress.ts';

export const roomsKeys = {
  roomTypes: (id: string) => ['property-rooms', id, 'room-types'] as const,
  rooms: (id: string) => ['property-rooms', id, 'rooms'] as const,
  rates: (id: string) => ['property-rooms', id, 'rates'] as const,
  images: (id: string) => ['property-rooms', id, 'images'] as const,
};

export const roomTypesQuery = (id: string) =>
  queryOptions({
    queryKey: roomsKeys.roomTypes(id),
    queryFn: () => api.get<RoomTypeList>(propertyRoomsPaths.roomTypes(id)),
  });

export const roomsQuery = (id: string) =>
  queryOptions({
    queryKey: roomsKeys.rooms(id),
    queryFn: () => api.get<RoomsData>(propertyRoomsPaths.rooms(id)),
  });

export const ratesQuery = (id: string) =>
  queryOptions({
    queryKey: roomsKeys.rates(id),
    queryFn: () => api.get<RateList>(propertyRoomsPaths.rates(id)),
  });

export const imagesQuery = (id: string) =>
  queryOptions({
    queryKey: roomsKeys.images(id),
    queryFn: () => api.get<PropertyImageList>(propertyRoomsPaths.images(id)),
  });

export const roomsApi = {
  createRoomType: (id: string, body: RoomTypeBody) =>
    api.post<unknown>(propertyRoomsPaths.roomTypes(id), body),
  updateRoomType: (id: string, typeId: string, body: RoomTypeBody) =>
    api.put<unknown>(propertyRoomsPaths.roomType(id, typeId), body),
  deleteRoomType: (id: string, typeId: string) =>
    api.delete<unknown>(propertyRoomsPaths.roomType(id, typeId)),
  saveRooms: (id: string, body: SaveRoomsBody) => api.put<RoomsData>(propertyRoomsPaths.rooms(id), body),
  setRoomStatus: (id: string, roomId: string, status: RoomStatus) =>
    api.patch<Room>(propertyRoomsPaths.roomStatus(id, roomId), { status }),
  createRate: (id: string, body: RateBody) => api.post<Rate>(propertyRoomsPaths.rates(id), body),
  updateRate: (id: string, rateId: string, body: RateBody) =>
    api.put<Rate>(propertyRoomsPaths.rate(id, rateId), body),
  deleteRate: (id: string, rateId: string) => api.delete<unknown>(propertyRoomsPaths.rate(id, rateId)),
  setMainImage: (id: string, imageId: string) =>
    api.put<PropertyImageList>(propertyRoomsPaths.mainImage(id, imageId)),
  deleteImage: (id: string, imageId: string) =>
    api.delete<PropertyImageList>(propertyRoomsPaths.image(id, imageId)),
};

/** A refused upload that still says which file was refused and why (422 images.all_rejected). */
export class ImageUploadError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly data: ImageUploadData | null,
  ) {
    super(status, code, message);
  }
}

/**
 * POST /api/properties/{id}/images (multipart): XMLHttpRequest, so the page can show the upload's
 * progress. Resolves with what was stored and what was refused; a 422 with nothing stored rejects with
 * ImageUploadError carrying the same lists.
 */
export function uploadImages(
  id: string,
  files: readonly File[],
  onProgress: (fraction: number) => void,
): Promise<ImageUploadData> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return uploadWithProgress<ImageUploadData>(
    propertyRoomsPaths.images(id),
    form,
    onProgress,
    (status, code, message, data) =>
      new ImageUploadError(
        status,
        code,
        message ?? i18n.t('common:errors.unexpected'),
        (data as ImageUploadData | null) ?? null,
      ),
  );
}
