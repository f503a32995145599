import { Button, Group, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard.ts';
import { notify } from '../../../lib/notify.ts';

/** Copies a link; a toast either way (spec 8 'Hubo un error al copiar el enlace'). */
export function useCopy() {
  const { t } = useTranslation('channels');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (value: string) => {
    try {
      await copyText(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
      notify.success(t('copy.copied'));
    } catch {
      notify.error(t('copy.failed'));
    }
  };
  return { copied, copy };
}

/** A read-only link with its copy button (and any other action beside it, like Regenerar). */
export function CopyUrlField({
  label,
  url,
  description,
  actions,
}: {
  label: string;
  url: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('channels');
  const { copied, copy } = useCopy();
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        label={label}
        description={description}
        value={url}
        readOnly
        dir="ltr"
        onFocus={(event) => event.currentTarget.select()}
        style={{ flex: '1 1 260px', minWidth: 0 }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      />
      <Button
        variant="light"
        aria-label={`${t('copy.copy')}: ${label}`}
        onClick={() => void copy(url)}
        leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
      >
        {t('copy.copy')}
      </Button>
      {actions}
    </Group>
  );
}
