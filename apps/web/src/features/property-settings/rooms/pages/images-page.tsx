import {
  ActionIcon,
  Alert,
  AspectRatio,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { PropertyImage, PropertyImageList, RejectedImageReason } from '@posada/contracts/property-rooms';
import { IconAlertTriangle, IconPhoto, IconStar, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../../components/confirm-delete.tsx';
import { notify } from '../../../../lib/notify.ts';
import { useSettingsContext } from '../../components/settings-context.ts';
import { ImageUploadError, imagesQuery, roomsApi, roomsKeys, uploadImages } from '../api/rooms-api.ts';
import { LoadError, RoomsPageFrame } from '../components/rooms-page-frame.tsx';
import { batches, IMAGE_ACCEPT, sortImageFiles } from '../lib/image-files.ts';

interface Rejected {
  name: string;
  reason: RejectedImageReason;
  message?: string;
}

function DropZone({ onFiles, busy }: { onFiles: (files: File[]) => void; busy: boolean }) {
  const { t } = useTranslation('rooms');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <UnstyledButton
      onClick={() => input.current?.click()}
      disabled={busy}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!busy) onFiles([...event.dataTransfer.files]);
      }}
      aria-describedby="images-drop-hint"
      style={{
        display: 'block',
        width: '100%',
        border: `2px dashed var(--mantine-color-${over ? 'posada-5' : 'gray-4'})`,
        borderRadius: 'var(--mantine-radius-lg)',
        background: over ? 'var(--mantine-color-posada-light)' : 'var(--mantine-color-body)',
        padding: 'var(--mantine-spacing-xl)',
        cursor: busy ? 'progress' : 'pointer',
      }}
    >
      <Stack align="center" gap={6} ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconUpload size={24} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>{t('images.dropTitle')}</Text>
        <Text size="sm" c="dimmed" id="images-drop-hint">
          {t('images.dropHint')}
        </Text>
      </Stack>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        aria-label={t('images.pick')}
        data-testid="images-input"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </UnstyledButton>
  );
}

function Thumbnail({
  image,
  index,
  onMain,
  onDelete,
  busy,
}: {
  image: PropertyImage;
  index: number;
  onMain: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('rooms');
  const label = t('images.imageN', { n: index + 1 });
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      style={{ overflow: 'hidden', position: 'relative' }}
      data-testid="property-image"
      data-main={image.is_main}
    >
      <AspectRatio ratio={4 / 3}>
        <Image src={image.thumb_url} alt={label} fit="cover" />
      </AspectRatio>
      {image.is_main ? (
        <Badge
          color="posada"
          variant="filled"
          leftSection={<IconStar size={12} aria-hidden />}
          style={{ position: 'absolute', top: 8, insetInlineStart: 8 }}
          tt="none"
        >
          {t('images.main')}
        </Badge>
      ) : null}
      <Group justify="space-between" p="xs" gap={4} wrap="nowrap">
        {image.is_main ? (
          <Text size="xs" c="dimmed">
            {t('images.mainHint')}
          </Text>
        ) : (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={onMain}
            disabled={busy}
            aria-label={t('images.setMainNamed', { name: label })}
          >
            {t('images.setMain')}
          </Button>
        )}
        <Tooltip label={t('images.delete')} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onDelete}
            disabled={busy}
            aria-label={t('images.deleteNamed', { name: label })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

/** ImageAccommodation: the property's photos: upload several at once, pick the main one, delete. */
export function ImagesPage() {
  const { t } = useTranslation(['rooms', 'settings']);
  const { propertyId, settings } = useSettingsContext();
  useDocumentTitle(`${t('settings:pages.image-settings.title')} · ${settings.nombre}`);
  const queryClient = useQueryClient();
  const query = useQuery(imagesQuery(propertyId));
  const [progress, setProgress] = useState<number | null>(null);
  const [rejected, setRejected] = useState<Rejected[]>([]);
  const setList = (items: PropertyImage[]) =>
    queryClient.setQueryData<PropertyImageList>(roomsKeys.images(propertyId), { items });

  const upload = async (files: File[]) => {
    const sorted = sortImageFiles(files);
    const refused: Rejected[] = [...sorted.rejected];
    let stored = 0;
    if (sorted.accepted.length > 0) {
      setProgress(0);
      const groups = batches(sorted.accepted);
      for (const [n, group] of groups.entries()) {
        try {
          const data = await uploadImages(propertyId, group, (fraction) =>
            setProgress(((n + fraction) / groups.length) * 100),
          );
          stored += data.uploaded.length;
          refused.push(...data.rejected);
          setList(data.items);
        } catch (error) {
          if (error instanceof ImageUploadError && error.data) {
            refused.push(...error.data.rejected);
            setList(error.data.items);
          } else {
            notify.error(
              error instanceof Error && error.message ? error.message : t('images.uploadError'),
              t('images.uploadError'),
            );
          }
        }
      }
      setProgress(null);
    }
    setRejected(refused);
    if (stored > 0) notify.success(t('images.uploaded', { count: stored }));
    if (refused.length > 0)
      notify.warning(t('images.someRejected', { count: refused.length }), t('images.uploadError'));
  };

  const setMain = useMutation({
    mutationFn: (image: PropertyImage) => roomsApi.setMainImage(propertyId, image.id),
    onSuccess: (data) => {
      setList(data.items);
      notify.success(t('images.mainSet'));
    },
    onError: () => notify.error(t('images.mainError')),
  });
  const remove = useMutation({
    mutationFn: (image: PropertyImage) => roomsApi.deleteImage(propertyId, image.id),
    onSuccess: (data) => {
      setList(data.items);
      notify.success(t('images.deleted'));
    },
    onError: () => notify.error(t('images.deleteError')),
  });
  const busy = setMain.isPending || remove.isPending;
  const uploading = progress !== null;

  let gallery: React.ReactNode;
  if (query.isPending)
    gallery = (
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" aria-hidden data-testid="rooms-skeleton">
        {['a', 'b', 'c'].map((key) => (
          <Paper key={key} withBorder radius="md" h={170} bg="var(--mantine-color-gray-1)" />
        ))}
      </SimpleGrid>
    );
  else if (query.isError)
    gallery = (
      <LoadError
        message={t('images.loadError')}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  else if (query.data.items.length === 0)
    gallery = (
      <Stack align="center" gap={4} py="lg" ta="center">
        <IconPhoto size={28} aria-hidden color="var(--mantine-color-gray-5)" />
        <Text fw={600}>{t('images.emptyTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('images.emptyHint')}
        </Text>
      </Stack>
    );
  else
    gallery = (
      <SimpleGrid
        cols={{ base: 2, sm: 3 }}
        spacing="sm"
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('images.galleryLabel')}
      >
        {query.data.items.map((image, index) => (
          <Thumbnail
            key={image.id}
            image={image}
            index={index}
            busy={busy}
            onMain={() => setMain.mutate(image)}
            onDelete={() =>
              confirmDelete({
                title: t('images.deleteTitle'),
                body: image.is_main ? t('images.deleteBodyMain') : t('images.deleteBody'),
                confirm: t('images.delete'),
                onConfirm: () => remove.mutate(image),
              })
            }
          />
        ))}
      </SimpleGrid>
    );

  return (
    <RoomsPageFrame page="image-settings">
      <DropZone onFiles={(files) => void upload(files)} busy={uploading} />
      {uploading ? (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">{t('images.uploading', { percent: Math.round(progress ?? 0) })}</Text>
          <Progress value={progress ?? 0} animated aria-label={t('images.progress')} />
        </Stack>
      ) : null}
      {rejected.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          radius="md"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('images.rejectedTitle', { count: rejected.length })}
          withCloseButton
          closeButtonLabel={t('images.dismiss')}
          onClose={() => setRejected([])}
          data-testid="rejected-images"
        >
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {rejected.map((file, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same name may be refused twice
              <Group component="li" key={`${file.name}-${index}`} gap={6} wrap="nowrap" align="flex-start">
                <IconX size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text span fw={600} dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                    {file.name}
                  </Text>
                  {' — '}
                  {t(`images.reason.${file.reason}`)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p="md">
        {gallery}
      </Paper>
    </RoomsPageFrame>
  );
}
