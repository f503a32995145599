import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  PinInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { WhatsAppAccount } from '@posada/contracts/whatsapp';
import { IconBrandMeta, IconBuildingStore, IconInfoCircle, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PlanUpgradePrompt } from '../../../components/plan-upgrade-prompt.tsx';
import { pathTo } from '../../../config/routes.ts';
import { notify } from '../../../lib/notify.ts';
import {
  SIGNUP_PIN_KEY,
  useEmbeddedSignupStart,
  useSharedNumber,
  whatsappAccountQuery,
} from '../api/whatsapp-api.ts';
import { errorText } from '../lib/error-text.ts';
import { WhatsAppHeader } from './account-waba-page.tsx';

function Missing({ names }: { names: string[] }) {
  const { t } = useTranslation('whatsapp');
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
      {t('choose.notConfigured', { names: names.join(', ') })}
    </Alert>
  );
}

function OwnNumberCard({ account }: { account: WhatsAppAccount }) {
  const { t } = useTranslation('whatsapp');
  const start = useEmbeddedSignupStart();
  const [pin, setPin] = useState('');
  const current = account.status === 'connected' && account.mode === 'own';
  const disabled = !account.feature_available || !account.embedded_signup.configured;

  const goToMeta = () => {
    if (pin && pin.length !== 6) {
      notify.error(t('choose.own.pinInvalid'));
      return;
    }
    start.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (pin) sessionStorage.setItem(SIGNUP_PIN_KEY, pin);
        else sessionStorage.removeItem(SIGNUP_PIN_KEY);
        window.location.assign(url);
      },
      onError: (error) => notify.error(errorText(error, t('errors.action'))),
    });
  };

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="waba-own">
      <Stack gap="md" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color="teal">
            <IconBuildingStore size={22} aria-hidden />
          </ThemeIcon>
          <Stack gap={0}>
            <Group gap="xs">
              <Title order={3} fz="h5">
                {t('choose.own.title')}
              </Title>
              {current ? (
                <Badge color="teal" variant="light" tt="none">
                  {t('choose.current')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {t('choose.own.subtitle')}
            </Text>
          </Stack>
        </Group>
        <List size="sm" spacing={4}>
          <List.Item>{t('choose.own.point1')}</List.Item>
          <List.Item>{t('choose.own.cost')}</List.Item>
          <List.Item>{t('choose.own.limit')}</List.Item>
          <List.Item>{t('choose.own.numbers')}</List.Item>
        </List>
        {!account.embedded_signup.configured ? <Missing names={account.embedded_signup.missing} /> : null}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="waba-pin-label">
            {t('choose.own.pin')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('choose.own.pinHint')}
          </Text>
          <Group dir="ltr">
            <PinInput
              length={6}
              type="number"
              mask
              value={pin}
              onChange={setPin}
              disabled={disabled}
              aria-labelledby="waba-pin-label"
              getInputProps={(index) => ({ 'aria-label': t('choose.own.pinDigit', { n: index + 1 }) })}
            />
          </Group>
        </Stack>
        <Button
          mt="auto"
          leftSection={<IconBrandMeta size={18} aria-hidden />}
          onClick={goToMeta}
          loading={start.isPending}
          disabled={disabled}
        >
          {t('choose.own.connect')}
        </Button>
      </Stack>
    </Paper>
  );
}

function SharedNumberCard({ account }: { account: WhatsAppAccount }) {
  const { t } = useTranslation('whatsapp');
  const navigate = useNavigate();
  const shared = useSharedNumber();
  const current = account.status === 'connected' && account.mode === 'shared';
  const overLimit = account.shared.configured && !account.shared.allowed;

  const chooseShared = () =>
    shared.mutate(undefined, {
      onSuccess: () => {
        notify.success(t('choose.shared.done'));
        navigate(pathTo('accountWaba'));
      },
      onError: (error) => notify.error(errorText(error, t('errors.action'))),
    });

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="waba-shared">
      <Stack gap="md" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color="blue">
            <IconUsersGroup size={22} aria-hidden />
          </ThemeIcon>
          <Stack gap={0}>
            <Group gap="xs">
              <Title order={3} fz="h5">
                {t('choose.shared.title')}
              </Title>
              {current ? (
                <Badge color="teal" variant="light" tt="none">
                  {account.shared_by_default ? t('choose.currentDefault') : t('choose.current')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {t('choose.shared.subtitle')}
            </Text>
          </Stack>
        </Group>
        <List size="sm" spacing={4}>
          <List.Item>{t('choose.shared.point1')}</List.Item>
          <List.Item>
            {t('choose.shared.places', { max: account.shared_max_places, count: account.places })}
          </List.Item>
          <List.Item>{t('choose.shared.point3')}</List.Item>
        </List>
        {!account.shared.configured ? <Missing names={account.shared.missing} /> : null}
        {overLimit ? (
          <Alert variant="light" color="orange" data-testid="waba-shared-over">
            {t('choose.shared.overLimit', { max: account.shared_max_places, count: account.places })}
          </Alert>
        ) : null}
        <Button
          mt="auto"
          variant="light"
          onClick={chooseShared}
          loading={shared.isPending}
          disabled={
            !account.feature_available || !account.shared.allowed || (current && !account.shared_by_default)
          }
        >
          {t('choose.shared.use')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * spec 2.2 profile/waba-integration (and waba_integration): choose how guests' WhatsApp messages go out —
 * the operator's own number through Meta's Embedded Signup, or Posada's shared number (up to 50 places,
 * spec 9), with what each costs and allows.
 */
export function WabaIntegrationPage() {
  const { t } = useTranslation('whatsapp');
  const query = useQuery(whatsappAccountQuery());
  const header = <WhatsAppHeader title={t('choose.title')} hint={t('choose.hint')} />;
  if (query.isPending)
    return (
      <Stack gap="md" aria-busy>
        {header}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton h={320} radius="lg" />
          <Skeleton h={320} radius="lg" />
        </SimpleGrid>
      </Stack>
    );
  if (query.isError)
    return (
      <Stack gap="md">
        {header}
        <LoadError
          title={t('errors.load')}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      </Stack>
    );
  const account = query.data;
  return (
    <Stack gap="md">
      {header}
      {!account.feature_available ? (
        <PlanUpgradePrompt
          testId="waba-plan-prompt"
          texts={{ title: t('plan.title'), body: t('plan.body'), cta: t('plan.cta') }}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <OwnNumberCard account={account} />
        <SharedNumberCard account={account} />
      </SimpleGrid>
    </Stack>
  );
}
