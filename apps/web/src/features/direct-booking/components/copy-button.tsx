import { Button, type ButtonProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { copyText } from '../lib/clipboard.ts';

/** Copies `value`; a toast either way (spec 8 'Hubo un error al copiar el enlace'). */
export function CopyButton({
  value,
  label,
  copiedMessage,
  disabled,
  ...button
}: {
  value: string;
  label: string;
  copiedMessage: string;
  disabled?: boolean;
} & Pick<ButtonProps, 'variant' | 'size' | 'fullWidth'>) {
  const { t } = useTranslation('direct-booking');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await copyText(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
      notify.success(copiedMessage);
    } catch {
      notify.error(t('errors.copy'));
    }
  };
  return (
    <Button
      {...button}
      disabled={disabled}
      onClick={() => void copy()}
      leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
    >
      {copied ? t('share.copied') : label}
    </Button>
  );
}
