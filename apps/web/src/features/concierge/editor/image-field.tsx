import { ActionIcon, Button, Group, Image, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** JPEG, PNG or GIF, at most 5 MB (the API checks the content again: BOT_IMAGE_MAX_BYTES). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif';
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/gif'];

/** Why a chosen file is refused, or null (checked again by the API). */
export function imageRefusal(file: { type: string; size: number; name: string }): 'type' | 'size' | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = file.type ? TYPES.includes(file.type) : ['jpg', 'jpeg', 'png', 'gif'].includes(extension);
  if (!typeOk) return 'type';
  if (file.size > IMAGE_MAX_BYTES) return 'size';
  return null;
}

/** The answer's optional image: its preview with a remove button, or a button to choose one. */
export function ImageField({
  src,
  onPick,
  onRemove,
  disabled,
  error,
}: {
  src: string | null;
  onPick: (file: File) => void;
  onRemove: () => void;
  disabled?: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation('concierge');
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack gap={6}>
      <div>
        <Text size="sm" fw={500} id="answer-image-label">
          {t('editor.image')}
        </Text>
        <Text size="xs" c="dimmed" id="answer-image-hint">
          {t('editor.imageHint')}
        </Text>
      </div>
      {src ? (
        <Paper withBorder radius="md" style={{ overflow: 'hidden', position: 'relative', maxWidth: 260 }}>
          <Image src={src} alt={t('editor.imageAlt')} h={150} fit="cover" data-testid="answer-image" />
          <Tooltip label={t('editor.removeImage')} withArrow>
            <ActionIcon
              variant="white"
              color="red"
              radius="xl"
              onClick={onRemove}
              disabled={disabled}
              aria-label={t('editor.removeImage')}
              style={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Paper>
      ) : (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPhotoPlus size={18} aria-hidden />}
            onClick={() => input.current?.click()}
            disabled={disabled}
            aria-describedby="answer-image-hint"
          >
            {t('editor.addImage')}
          </Button>
        </Group>
      )}
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        aria-labelledby="answer-image-label"
        data-testid="answer-image-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onPick(file);
        }}
      />
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
