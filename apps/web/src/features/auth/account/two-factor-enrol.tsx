import {
  Alert,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { TwoFactorSetupData } from '@posada/contracts/account-security';
import { IconCheck, IconCopy, IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { accountApi, useRefreshTwoFactor } from './account-api.ts';

/** The QR generator loads only with the enrolment (ARCHITECTURE §4 budgets). */
async function qrDataUrl(text: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { width: 400, margin: 1, errorCorrectionLevel: 'M' });
}

/** The base32 secret in groups of four, easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Enrolment in two-factor sign-in: a new secret as a QR code (and as text), a code from the app to
 * confirm it, then the 10 recovery codes, shown this once.
 */
export function TwoFactorEnrol({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation('account');
  const refresh = useRefreshTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetupData | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useMutation({
    mutationFn: accountApi.setupTwoFactor,
    onSuccess: setSetup,
    onError: (error) =>
      notify.error(error instanceof ApiError ? error.message : t('common:errors.unexpected')),
  });
  const qr = useQuery({
    queryKey: ['two-factor-qr', setup?.otpauth_uri],
    queryFn: () => qrDataUrl(setup?.otpauth_uri ?? ''),
    enabled: Boolean(setup),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const confirm = useMutation({
    mutationFn: accountApi.confirmTwoFactor,
    onSuccess: async (data) => {
      setRecoveryCodes(data.recovery_codes);
      notify.success(data.message);
      await refresh();
    },
    onError: (error) => {
      const message = error instanceof ApiError ? (error.errors.code?.[0] ?? error.message) : null;
      setCodeError(message ?? t('common:errors.unexpected'));
      setCode('');
    },
  });

  if (recoveryCodes) {
    const all = recoveryCodes.join('\n');
    return (
      <Stack gap="md">
        <Alert color="teal" icon={<IconShieldCheck size={20} />} title={t('twoFactor.enabledTitle')}>
          {t('twoFactor.recoveryIntro')}
        </Alert>
        <SimpleGrid
          cols={{ base: 1, xs: 2 }}
          spacing="xs"
          aria-label={t('twoFactor.recoveryCodes')}
          dir="ltr"
        >
          {recoveryCodes.map((c) => (
            <Code key={c} fz="md" ta="center" py={6} data-testid="recovery-code">
              {c}
            </Code>
          ))}
        </SimpleGrid>
        <Group justify="space-between">
          <CopyButton value={all}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? t('twoFactor.copied') : t('twoFactor.copyCodes')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onDone}>{t('twoFactor.savedCodes')}</Button>
        </Group>
      </Stack>
    );
  }

  if (!setup) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('twoFactor.intro')}</Text>
        <Group>
          <Button loading={start.isPending} onClick={() => start.mutate()}>
            {t('twoFactor.enable')}
          </Button>
          {onCancel ? (
            <Button variant="subtle" onClick={onCancel}>
              {t('common:actions.cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>{t('twoFactor.step1')}</List.Item>
        <List.Item>{t('twoFactor.step2')}</List.Item>
        <List.Item>{t('twoFactor.step3')}</List.Item>
      </List>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box
          w={180}
          h={180}
          p={6}
          style={{ background: 'white', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 12 }}
        >
          {qr.data ? (
            <Image src={qr.data} alt={t('twoFactor.qrAlt')} w="100%" h="100%" />
          ) : (
            <Skeleton w="100%" h="100%" />
          )}
        </Box>
        <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
          <Text size="sm" c="dimmed">
            {t('twoFactor.manual')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code fz="sm" dir="ltr" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
              {grouped(setup.secret)}
            </Code>
            <CopyButton value={setup.secret}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="subtle" onClick={copy}>
                  {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Group>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setCodeError(null);
          if (!/^\d{6}$/.test(code)) {
            setCodeError(t('twoFactor.codeFormat'));
            return;
          }
          confirm.mutate(code);
        }}
        noValidate
      >
        <Stack gap="xs" align="flex-start">
          <TextInput
            label={t('twoFactor.codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            w={200}
            dir="ltr"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\s/g, ''))}
            error={codeError}
          />
          <Group>
            <Button type="submit" loading={confirm.isPending}>
              {t('twoFactor.confirm')}
            </Button>
            {onCancel ? (
              <Button variant="subtle" onClick={onCancel}>
                {t('common:actions.cancel')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
