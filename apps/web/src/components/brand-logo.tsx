import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The Posada mark (same drawing as the favicon) with the wordmark. */
export function BrandMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill={inverted ? '#ffffff' : '#0f766e'} />
      <path
        d="M14 30 32 16l18 14v18a2 2 0 0 1-2 2H38V38H26v12H16a2 2 0 0 1-2-2z"
        fill={inverted ? '#0f766e' : '#ffffff'}
      />
    </svg>
  );
}

export function BrandLogo({ inverted = false, size = 32 }: { inverted?: boolean; size?: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={10} wrap="nowrap">
      <BrandMark size={size} inverted={inverted} />
      <Text fw={750} fz={size > 30 ? 'xl' : 'lg'} c={inverted ? 'white' : 'dark.8'} lh={1}>
        {t('common:appName')}
      </Text>
    </Group>
  );
}
