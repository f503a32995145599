import { Anchor, Group, Skeleton, Text } from '@mantine/core';
import { IconFileText, IconPaperclip } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../../lib/session.ts';
import classes from './inbox.module.css';

/**
 * GET /api/inbox/media/{id} needs the operator's bearer token, which an <img src> cannot carry: the bytes
 * are fetched once and shown through an object URL.
 */
function useMediaBlob(url: string) {
  const query = useQuery({
    queryKey: ['inbox', 'media', url],
    queryFn: async () => {
      const res = await fetch(url, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
      if (!res.ok) throw new Error(String(res.status));
      return res.blob();
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const objectUrl = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  return { objectUrl, isError: query.isError, isPending: query.isPending };
}

export function MediaView({
  kind,
  url,
  name,
}: {
  kind: 'image' | 'audio' | 'video' | 'document';
  url: string;
  name: string | null;
}) {
  const { t } = useTranslation('inbox');
  const { objectUrl, isError, isPending } = useMediaBlob(url);
  if (isError)
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t('message.mediaUnavailable')}
      </Text>
    );
  if (isPending || !objectUrl)
    return kind === 'image' ? <Skeleton w={220} h={160} radius="md" /> : <Skeleton w={200} h={28} />;
  if (kind === 'image')
    return (
      <a href={objectUrl} target="_blank" rel="noopener noreferrer" aria-label={t('message.openImage')}>
        <img src={objectUrl} alt={name ?? t('message.image')} className={classes.mediaImage} />
      </a>
    );
  if (kind === 'audio')
    return (
      // biome-ignore lint/a11y/useMediaCaption: a guest's voice note has no caption track
      <audio controls src={objectUrl} aria-label={t('message.voiceNote')} style={{ maxWidth: '100%' }} />
    );
  if (kind === 'video')
    // biome-ignore lint/a11y/useMediaCaption: a guest's video has no caption track
    return <video controls src={objectUrl} style={{ maxWidth: '100%', maxHeight: 280 }} />;
  return (
    <Group gap={6} wrap="nowrap">
      <IconFileText size={18} aria-hidden />
      <Anchor href={objectUrl} download={name ?? 'document'} size="sm" fw={600}>
        {name ?? t('message.document')}
      </Anchor>
      <IconPaperclip size={14} aria-hidden />
    </Group>
  );
}
