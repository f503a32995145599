import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { CheckinGuest } from '@posada/contracts/checkin-guest-data';
import { IconAlertCircle, IconDownload, IconFileTypePdf, IconUserScan } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ageOn } from '../../../lib/guest-details.ts';
import { formatDateTime, formatDay, formatStay } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { countryName } from '../../../lib/phone-countries.ts';
import { StayMessages } from '../../../lib/stay-messages.tsx';
import { useOperatorToday } from '../../../lib/today.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { checkinDetailQuery, registrationPdfPath } from '../api/checkins-api.ts';
import { alpha2Of } from '../lib/countries.ts';
import { scorePercent, sexLetter } from '../lib/guest-view.ts';
import { openRegistrationPdf } from '../lib/pdf.ts';
import { AccessCodeSection } from './access-code-section.tsx';
import { KeysToggle, LinkProgress, StatusBadge } from './checkin-badges.tsx';
import { ExpectedGuests } from './expected-guests.tsx';
import { RegistrationSection } from './registration-section.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </Stack>
  );
}

/** Every spec 3 field of one registered guest, the registration card and the face verification. */
function GuestCard({ checkinId, guest, index }: { checkinId: string; guest: CheckinGuest; index: number }) {
  const { t, i18n } = useTranslation('checkins');
  const language = i18n.resolvedLanguage ?? 'es';
  const today = useOperatorToday();
  const age = ageOn(guest.birth_date, today);
  const day = (iso: string | null | undefined) => (iso ? formatDay(iso, language) : '');
  const country = (code: string) => (code ? `${countryName(code, language)} (${code})` : '');
  const sex = sexLetter(guest.gender);
  const pdf = guest.pdf_url ?? registrationPdfPath(checkinId, guest.id);
  const name = `${guest.first_name} ${guest.last_name}`;
  const pdfAction = (mode: 'open' | 'download') =>
    openRegistrationPdf(pdf, mode, `registro-${guest.last_name || guest.id}.pdf`).catch(() =>
      notify.error(t('detail.pdfError')),
    );
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={name} data-testid="checkin-guest">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={3} fz="md" dir="auto">
              {name}
            </Title>
            {guest.is_lead ? (
              <Badge variant="light" tt="none">
                {t('detail.lead')}
              </Badge>
            ) : (
              <Badge variant="outline" color="gray" tt="none">
                {t('detail.guestN', { n: index + 1 })}
              </Badge>
            )}
            <Badge variant="outline" color="gray" tt="none">
              {t(`process.${guest.process}`)}
            </Badge>
          </Group>
          <Group gap={6}>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              onClick={() => pdfAction('open')}
              data-testid="registration-pdf"
            >
              {t('detail.pdf')}
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              aria-label={t('detail.pdfDownload', { name })}
              onClick={() => pdfAction('download')}
            >
              <IconDownload size={16} aria-hidden />
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
          <Field label={t('fields.document_type')}>
            {guest.document_type
              ? `${t(`documentType.${guest.document_type}`)}${guest.document_type === 'passport' ? ' (P)' : ''}`
              : ''}
          </Field>
          <Field label={t('fields.document_number')}>
            <span dir="ltr">{guest.document_number}</span>
          </Field>
          <Field label={t('fields.support_number')}>
            <span dir="ltr">{guest.support_number}</span>
          </Field>
          <Field label={t('fields.issue_date')}>{day(guest.issue_date)}</Field>
          <Field label={t('fields.expiry_date')}>{day(guest.expiry_date)}</Field>
          <Field label={t('fields.birth_date')}>
            {guest.birth_date
              ? `${day(guest.birth_date)}${age !== null ? ` · ${t('detail.age', { count: age })}` : ''}`
              : ''}
          </Field>
          <Field label={t('fields.gender')}>
            {guest.gender ? `${t(`gender.${guest.gender}`)}${sex ? ` (${sex})` : ''}` : ''}
          </Field>
          <Field label={t('fields.nationality')}>
            {guest.nationality ? country(alpha2Of(guest.nationality) || guest.nationality) : ''}
          </Field>
          <Field label={t('fields.country')}>{country(guest.country)}</Field>
          <Field label={t('fields.phone')}>
            <span dir="ltr">{guest.phone}</span>
          </Field>
          <Field label={t('fields.email')}>
            <span dir="ltr">{guest.email}</span>
          </Field>
          <Field label={t('fields.address')}>
            <span dir="auto">
              {[guest.address, guest.postal_code, guest.municipality ?? guest.city, guest.province]
                .filter(Boolean)
                .join(', ')}
            </span>
          </Field>
          <Field label={t('fields.residence_country')}>{country(guest.residence_country)}</Field>
          <Field label={t('fields.payment_method')}>
            {guest.payment_method ? t(`paymentMethod.${guest.payment_method}`) : ''}
          </Field>
          <Field label={t('fields.payment_date')}>{day(guest.payment_date)}</Field>
          <Field label={t('fields.minors')}>
            {guest.minors === null
              ? ''
              : guest.minors
                ? `${t('detail.yes')}${guest.kinship ? ` · ${t(`kinship.${guest.kinship}`)}` : ''}`
                : t('detail.no')}
          </Field>
          <Field label={t('detail.signature')}>
            {t(guest.has_signature ? 'detail.signed' : 'detail.notSigned')}
          </Field>
          <Field label={t('detail.registeredAt')}>{formatDateTime(guest.created_at, language)}</Field>
        </SimpleGrid>
        {guest.face_score !== null ? (
          <Group gap="xs" data-testid="face-score">
            <IconUserScan size={18} aria-hidden />
            <Text size="sm">{t('detail.face', { score: scorePercent(guest.face_score) })}</Text>
            <Badge color={guest.face_match ? 'teal' : 'red'} variant="light" tt="none">
              {t(guest.face_match ? 'detail.faceMatch' : 'detail.faceNoMatch')}
            </Badge>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The check-in detail (POST /api/information/data/checkin): every guest, keys, PDFs, face score. */
export function CheckinDetailModal({
  checkinId,
  onClose,
}: {
  checkinId: string | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['checkins', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const isMobile = useIsMobile();
  const query = useQuery({ ...checkinDetailQuery(checkinId ?? ''), enabled: Boolean(checkinId) });
  const detail = query.data;
  return (
    <Modal
      opened={Boolean(checkinId)}
      onClose={onClose}
      size="xl"
      fullScreen={isMobile}
      centered
      title={
        detail ? (
          <Stack gap={4}>
            <Text fw={650} fz="lg" component="span" dir="auto">
              {detail.name}
            </Text>
            <Group gap="xs">
              <StatusBadge status={detail.status} expired={detail.link_expired} />
              <Text size="sm" c="dimmed" span>
                <span dir="auto">{detail.property_name}</span> ·{' '}
                {formatStay(detail.start_date, detail.end_date, language)}
              </Text>
            </Group>
          </Stack>
        ) : (
          t('detail.title')
        )
      }
    >
      {query.isPending ? (
        <Stack gap="md" aria-busy>
          <Skeleton h={60} radius="lg" />
          <Skeleton h={220} radius="lg" />
        </Stack>
      ) : query.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
          {(query.error as { status?: number }).status === 404 ? t('detail.notFound') : t('detail.loadError')}
        </Alert>
      ) : detail ? (
        <Stack gap="md" data-testid="checkin-detail">
          <Paper withBorder radius="lg" p="md">
            <Group justify="space-between" gap="md">
              <Stack gap={4}>
                <Text size="xs" c="dimmed" fw={500}>
                  {t('list.guests')}
                </Text>
                <ExpectedGuests item={detail} />
              </Stack>
              <Stack gap={4}>
                <Text size="xs" c="dimmed" fw={500}>
                  {t('list.keys')}
                </Text>
                <KeysToggle item={detail} />
              </Stack>
              <Stack gap={4}>
                <Text size="xs" c="dimmed" fw={500}>
                  {t('list.progress')}
                </Text>
                <LinkProgress item={detail} message={detail.last_message} />
              </Stack>
            </Group>
          </Paper>
          <StayMessages checkinId={detail.id} />
          <RegistrationSection
            checkinId={detail.id}
            propertyId={detail.property_id}
            complete={detail.status === 'complete'}
            guestNames={detail.guests.map((g) => `${g.first_name} ${g.last_name}`)}
          />
          <AccessCodeSection checkinId={detail.id} />
          {detail.guests.length === 0 ? (
            <Alert variant="light" color="blue" title={t('detail.noGuestsTitle')}>
              {t('detail.noGuests')}
            </Alert>
          ) : (
            detail.guests.map((guest, index) => (
              <GuestCard key={guest.id} checkinId={detail.id} guest={guest} index={index} />
            ))
          )}
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={onClose}>
              {t('common:actions.close')}
            </Anchor>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
