import type { Service } from '@posada/contracts/experiences';

type ServicePhoto = Service['photos'][number];

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { notify } from '../../../lib/notify.ts';
import { deleteServicePhoto, uploadServicePhoto, useInvalidateServices } from '../api/services-api.ts';
import { type PhotoRefusal, SERVICE_PHOTOS_MAX, sortPhotoFiles } from '../lib/photo-files.ts';
import { PhotoPicker } from './photo-picker.tsx';

export interface PendingPhoto {
  key: string;
  file: File;
  url: string;
}

/** Photos chosen for a service not created yet (previews as object URLs, released when dropped). */
export function usePendingPhotos() {
  const [photos, setPhotos] = useState<PendingPhoto[]>([]);
  const counter = useRef(0);
  const latest = useRef(photos);
  latest.current = photos;
  useEffect(
    () => () => {
      for (const p of latest.current) URL.revokeObjectURL(p.url);
    },
    [],
  );
  return {
    photos,
    add: (files: File[]) =>
      setPhotos((current) => [
        ...current,
        ...files.map((file) => {
          counter.current += 1;
          return { key: `pending-${counter.current}`, file, url: URL.createObjectURL(file) };
        }),
      ]),
    remove: (index: number) =>
      setPhotos((current) => {
        const gone = current[index];
        if (gone) URL.revokeObjectURL(gone.url);
        return current.filter((_, i) => i !== index);
      }),
  };
}
export type PendingPhotos = ReturnType<typeof usePendingPhotos>;

function useRefusalMessage() {
  const { t } = useTranslation('experiences');
  return (refused: { name: string; reason: PhotoRefusal }[]) => {
    for (const reason of ['type', 'size', 'count'] as const) {
      const names = refused.filter((r) => r.reason === reason).map((r) => r.name);
      if (names.length)
        notify.warning(
          t(`form.photoRefused.${reason}`, { files: names.join(', '), count: SERVICE_PHOTOS_MAX }),
        );
    }
  };
}

/**
 * The form's photos. A new service keeps them in the browser until it is created; an existing one
 * uploads each photo as it is chosen and deletes one (after asking) at once.
 */
export function ServicePhotos({ service, pending }: { service: Service | null; pending: PendingPhotos }) {
  const { t } = useTranslation('experiences');
  const invalidate = useInvalidateServices();
  const refusals = useRefusalMessage();
  const [stored, setStored] = useState<ServicePhoto[]>(service?.photos ?? []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!service) {
    return (
      <PhotoPicker
        tiles={pending.photos.map((p) => ({ key: p.key, src: p.url }))}
        onPick={(files) => {
          const { accepted, refused } = sortPhotoFiles(files, SERVICE_PHOTOS_MAX - pending.photos.length);
          refusals(refused);
          pending.add(accepted);
        }}
        onRemove={pending.remove}
        busy={false}
      />
    );
  }

  const upload = async (files: File[]) => {
    const { accepted, refused } = sortPhotoFiles(files, SERVICE_PHOTOS_MAX - stored.length);
    refusals(refused);
    if (accepted.length === 0) return;
    setBusy(true);
    setError(null);
    let added = 0;
    for (const file of accepted) {
      try {
        const answer = await uploadServicePhoto(service.id, file);
        setStored(answer.photos);
        added += 1;
      } catch (failure) {
        const message = failure instanceof Error && failure.message ? failure.message : t('form.photoError');
        setError(`${file.name}: ${message}`);
        notify.error(message, t('form.photoError'));
      }
    }
    setBusy(false);
    if (added > 0) {
      notify.success(t('form.photosAdded', { count: added }));
      void invalidate();
    }
  };

  const remove = (index: number) =>
    confirmDelete({
      title: t('form.removePhotoTitle'),
      body: t('form.removePhotoBody'),
      confirm: t('form.removePhoto'),
      onConfirm: async () => {
        setBusy(true);
        try {
          const answer = await deleteServicePhoto(service.id, index);
          setStored(answer.photos);
          notify.success(t('form.photoRemoved'));
          void invalidate();
        } catch (failure) {
          notify.error(failure instanceof Error && failure.message ? failure.message : t('form.photoError'));
        } finally {
          setBusy(false);
        }
      },
    });

  return (
    <PhotoPicker
      tiles={stored.map((p, index) => ({ key: `${index}-${p.url}`, src: p.thumb_url ?? p.url }))}
      onPick={(files) => void upload(files)}
      onRemove={remove}
      busy={busy}
      error={error}
    />
  );
}
