import {
  ActionIcon,
  AspectRatio,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_ACCEPT, SERVICE_PHOTOS_MAX } from '../lib/photo-files.ts';

export interface PhotoTile {
  key: string;
  src: string;
}

/**
 * Up to 3 photos (spec 5): thumbnails with a remove button, and a drop zone (or file picker) while there
 * is room. Whether a pick uploads at once or waits for the save is the form's business.
 */
export function PhotoPicker({
  tiles,
  onPick,
  onRemove,
  busy,
  error,
}: {
  tiles: PhotoTile[];
  onPick: (files: File[]) => void;
  onRemove: (index: number) => void;
  busy: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation('experiences');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const room = SERVICE_PHOTOS_MAX - tiles.length;
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500}>
          {t('form.photos')}
        </Text>
        <Text size="xs" c="dimmed" id="service-photos-hint">
          {t('form.photosHint', { count: SERVICE_PHOTOS_MAX })}
        </Text>
      </div>
      <SimpleGrid
        cols={{ base: 2, sm: 4 }}
        spacing="sm"
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {tiles.map((tile, index) => (
          <Paper
            key={tile.key}
            component="li"
            withBorder
            radius="md"
            style={{ overflow: 'hidden', position: 'relative' }}
            data-testid="service-photo"
          >
            <AspectRatio ratio={4 / 3}>
              <Image src={tile.src} alt={t('form.photoN', { n: index + 1 })} fit="cover" />
            </AspectRatio>
            <Tooltip label={t('form.removePhoto')} withArrow>
              <ActionIcon
                variant="white"
                color="red"
                radius="xl"
                onClick={() => onRemove(index)}
                disabled={busy}
                aria-label={t('form.removePhotoN', { n: index + 1 })}
                style={{ position: 'absolute', top: 6, insetInlineEnd: 6 }}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Paper>
        ))}
        {room > 0 ? (
          <li>
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
                if (!busy) onPick([...event.dataTransfer.files]);
              }}
              aria-describedby="service-photos-hint"
              h="100%"
              mih={110}
              style={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                width: '100%',
                border: `2px dashed var(--mantine-color-${over ? 'posada-5' : 'gray-4'})`,
                borderRadius: 'var(--mantine-radius-md)',
                background: over ? 'var(--mantine-color-posada-light)' : 'var(--mantine-color-body)',
                cursor: busy ? 'progress' : 'pointer',
                padding: 'var(--mantine-spacing-sm)',
              }}
            >
              <Stack align="center" gap={4} ta="center">
                <ThemeIcon size={36} radius="xl" variant="light">
                  <IconUpload size={18} aria-hidden />
                </ThemeIcon>
                <Text size="sm" fw={600}>
                  {t('form.addPhotos')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('form.photosLeft', { count: room })}
                </Text>
              </Stack>
            </UnstyledButton>
            <input
              ref={input}
              type="file"
              accept={PHOTO_ACCEPT}
              multiple
              hidden
              aria-label={t('form.addPhotos')}
              data-testid="service-photos-input"
              onChange={(event) => {
                const files = [...(event.currentTarget.files ?? [])];
                event.currentTarget.value = '';
                if (files.length) onPick(files);
              }}
            />
          </li>
        ) : null}
      </SimpleGrid>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
