import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  asksSupportNumber,
  documentTypes,
  genders,
  kinships,
  paymentMethods,
  travellerAsks,
} from '@posada/domain/checkin-rules';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/date-field.tsx';
import classes from '../../../components/shell.module.css';
import { pathTo } from '../../../config/routes.ts';
import { ApiError } from '../../../lib/api.ts';
import { formatStay } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { countryName } from '../../../lib/phone-countries.ts';
import { useOperatorToday } from '../../../lib/today.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { checkinsApi, invalidateCheckins } from '../api/checkins-api.ts';
import { alpha2Of, countryOptions } from '../lib/countries.ts';
import {
  canGoBack,
  emptyManualValues,
  firstErrorStep,
  type ManualField,
  type ManualValues,
  manualErrors,
  type Step,
  serverField,
  serverMessageKey,
  stepFields,
  toManualBody,
} from '../lib/manual-form.ts';

function Review({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} component="div">
        {children || '—'}
      </Text>
    </Stack>
  );
}

/**
 * checkinManual (spec 2.2 checkin/service/manager/system): the operator registers a guest in 3 steps
 * (spec 4 stateProcess 1, 2, 3; back only from 2 to 1). The same rules as the API (guestDataErrors, form
 * manual) run on each step; a 422 puts its errors under their fields and jumps to their step.
 */
export function ManualCheckinPage() {
  const { t, i18n } = useTranslation(['checkins', 'common']);
  useDocumentTitle(`${t('manual.title')} · ${t('common:appName')}`);
  const isMobile = useIsMobile();
  const language = i18n.resolvedLanguage ?? 'es';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const properties = user?.properties ?? [];
  const [step, setStep] = useState<Step>(1);
  const [serverAlert, setServerAlert] = useState<string | null>(null);
  const today = useOperatorToday();

  const translate = (key: string) => (serverMessageKey(key) ? t(serverMessageKey(key) as string) : key);
  const defaultProperty =
    user?.active_property_id ?? (properties.length === 1 ? (properties[0]?.id ?? '') : '');
  const form = useForm<ManualValues>({
    defaultValues: emptyManualValues(defaultProperty, today),
    // Checked on "next" only (the same rules as the API); an error clears as its field is edited, so
    // nothing moves under the pointer between pressing and releasing "next".
    mode: 'onSubmit',
  });
  const { control, register, watch, formState, getValues, setError, clearErrors } = form;
  const errors = formState.errors;
  const err = (field: ManualField) => errors[field]?.message;
  const minors = watch('minors');
  const documentType = watch('document_type');
  // Only what the rules ask of this traveller (issue 27): no document below the age they set, and the
  // minors question (with the kinship) for adults.
  const asks = travellerAsks(
    { birth_date: watch('birth_date'), nationality: watch('nationality'), arrival: watch('arrival') },
    today,
  );
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name) clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors]);

  const genderOptions = useMemo(() => genders.map((g) => ({ value: g, label: t(`gender.${g}`) })), [t]);
  const docOptions = documentTypes.map((d) => ({ value: d, label: t(`documentType.${d}`) }));
  const payOptions = paymentMethods.map((p) => ({ value: p, label: t(`paymentMethod.${p}`) }));
  const kinOptions = kinships.map((k) => ({ value: k, label: t(`kinship.${k}`) }));
  const countries = useMemo(() => countryOptions(language), [language]);
  const nationalities = useMemo(() => countryOptions(language, 'alpha3'), [language]);

  const mutation = useMutation({
    mutationFn: (values: ManualValues) => checkinsApi.manual(toManualBody(values, today)),
    onSuccess: (detail) => {
      notify.success(t('manual.saved', { name: detail.name }));
      void invalidateCheckins(queryClient);
      void navigate(pathTo('Bookings', undefined, { tab: 'complete' }));
    },
    onError: (error) => {
      // Nothing typed is lost: the values stay, each field error goes under its field.
      const fields: string[] = [];
      const other: string[] = [];
      if (error instanceof ApiError) {
        for (const [name, messages] of Object.entries(error.errors)) {
          const field = serverField(name);
          const message = translate(messages[0] ?? '');
          if (field) {
            setError(field, { type: 'server', message });
            fields.push(field);
          } else other.push(message);
        }
      }
      const target = firstErrorStep(fields);
      if (target) setStep(target);
      const text = other.length ? other.join(' ') : fields.length ? t('manual.fixErrors') : error.message;
      setServerAlert(text);
      notify.error(text, t('manual.saveError'));
    },
  });

  const next = () => {
    // The last step checks everything (a field of an earlier step could have been emptied meanwhile).
    const all = manualErrors(getValues(), today);
    const found = Object.entries(all).filter(
      ([field]) => step === 3 || (stepFields[step] as readonly string[]).includes(field),
    ) as Array<[ManualField, string]>;
    clearErrors(stepFields[step] as ManualField[]);
    if (found.length > 0) {
      const target = firstErrorStep(found.map(([field]) => field)) ?? step;
      if (target !== step) setStep(target);
      found.forEach(([field, key], index) => {
        setError(
          field,
          { type: 'validation', message: t(key) },
          { shouldFocus: index === 0 && target === step },
        );
      });
      notify.warning(t('manual.fixErrors'));
      return;
    }
    setServerAlert(null);
    if (step < 3) setStep((step + 1) as Step);
    else mutation.mutate(getValues());
  };

  const date = (
    field: 'arrival' | 'departure' | 'birth_date' | 'issue_date' | 'expiry_date' | 'payment_date',
    required = true,
  ) => (
    <Controller
      control={control}
      name={field}
      render={({ field: f }) => (
        <DateField
          ref={f.ref}
          label={t(`fields.${field}`)}
          withAsterisk={required}
          error={err(field)}
          value={f.value}
          onChange={f.onChange}
          onBlur={f.onBlur}
          clearable={!required}
          // A birth date is decades back: open on the years.
          defaultLevel={field === 'birth_date' ? 'decade' : undefined}
        />
      )}
    />
  );
  const select = (
    field:
      | 'property_id'
      | 'gender'
      | 'document_type'
      | 'nationality'
      | 'country'
      | 'residence_country'
      | 'payment_method'
      | 'kinship',
    data: Array<{ value: string; label: string }>,
    required = true,
  ) => (
    <Controller
      control={control}
      name={field}
      render={({ field: f }) => (
        <Select
          label={t(`fields.${field}`)}
          withAsterisk={required}
          data={data}
          value={(f.value as string) || null}
          onChange={(value) => f.onChange(value ?? '')}
          onBlur={f.onBlur}
          ref={f.ref}
          error={err(field)}
          searchable={data.length > 8}
          allowDeselect={false}
          placeholder={t('manual.choose')}
        />
      )}
    />
  );
  const text = (
    field:
      | 'first_name'
      | 'last_name'
      | 'phone'
      | 'email'
      | 'document_number'
      | 'support_number'
      | 'address'
      | 'city'
      | 'postal_code',
    extra: { type?: string; dir?: 'ltr' | 'auto'; autoComplete?: string } = {},
  ) => (
    <TextInput
      label={t(`fields.${field}`)}
      withAsterisk
      error={err(field)}
      type={extra.type}
      dir={extra.dir ?? 'auto'}
      autoComplete={extra.autoComplete}
      {...register(field)}
    />
  );

  const v = getValues();
  const property = properties.find((p) => p.id === v.property_id);

  return (
    <Stack gap="lg" maw={860} mx="auto" pb={48}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {t('manual.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('manual.description')}
        </Text>
      </Stack>
      {/* On a phone the three steps keep to one row: their labels only (the hints wrapped them, issue 13). */}
      <Stepper
        active={step - 1}
        size={isMobile ? 'xs' : 'sm'}
        styles={isMobile ? { separator: { marginInline: 6 }, stepBody: { marginInlineStart: 6 } } : undefined}
        allowNextStepsSelect={false}
        aria-label={t('manual.steps')}
        data-testid="manual-steps"
      >
        <Stepper.Step label={t('manual.step1')} description={isMobile ? undefined : t('manual.step1Hint')} />
        <Stepper.Step label={t('manual.step2')} description={isMobile ? undefined : t('manual.step2Hint')} />
        <Stepper.Step label={t('manual.step3')} description={isMobile ? undefined : t('manual.step3Hint')} />
      </Stepper>
      <Text size="sm" c="dimmed" data-testid="state-process" data-step={step}>
        {t('manual.stepOf', { step, total: 3 })}
      </Text>
      {serverAlert ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
          {serverAlert}
        </Alert>
      ) : null}
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          next();
        }}
      >
        {/* Every step stays mounted (hidden), so nothing typed is lost moving between them. */}
        <Stack gap="md" display={step === 1 ? undefined : 'none'}>
          {select(
            'property_id',
            properties.map((p) => ({ value: p.id, label: p.nombre })),
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {date('arrival')}
            {date('departure')}
          </SimpleGrid>
        </Stack>
        <Stack gap="md" display={step === 2 ? undefined : 'none'}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('first_name', { autoComplete: 'off' })}
            {text('last_name', { autoComplete: 'off' })}
            {select('gender', genderOptions)}
            {date('birth_date')}
            {text('phone', { type: 'tel', dir: 'ltr' })}
            {text('email', { type: 'email', dir: 'ltr' })}
            {select('nationality', nationalities)}
            {select('country', countries)}
            {asks.document ? (
              <>
                {select('document_type', docOptions)}
                {text('document_number', { dir: 'ltr' })}
                {/* A passport has no support number: asked of a DNI/NIE only (issue 27). */}
                {asksSupportNumber(documentType) ? text('support_number', { dir: 'ltr' }) : null}
                {date('issue_date')}
                {date('expiry_date', false)}
              </>
            ) : null}
          </SimpleGrid>
          {asks.document ? null : (
            <Alert color="blue" variant="light" data-testid="no-document-note">
              {t('manual.noDocument')}
            </Alert>
          )}
          <Title order={2} fz="md" mt="sm">
            {t('manual.residence')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('address')}
            {text('city')}
            {text('postal_code', { dir: 'ltr' })}
            {select('residence_country', countries)}
          </SimpleGrid>
          {asks.minors ? (
            <Controller
              control={control}
              name="minors"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('fields.minors')}
                  </Text>
                  <SegmentedControl
                    value={field.value === null ? '' : field.value ? 'yes' : 'no'}
                    onChange={(value) => field.onChange(value === 'yes')}
                    data={[
                      { value: 'no', label: t('detail.no') },
                      { value: 'yes', label: t('detail.yes') },
                    ]}
                    w="fit-content"
                  />
                  {err('minors') ? (
                    <Text size="xs" c="red">
                      {err('minors')}
                    </Text>
                  ) : null}
                </Stack>
              )}
            />
          ) : null}
          {asks.minors && minors ? select('kinship', kinOptions) : null}
        </Stack>
        <Stack gap="md" display={step === 3 ? undefined : 'none'}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {select('payment_method', payOptions)}
            {date('payment_date')}
          </SimpleGrid>
          <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
            <Stack gap="sm">
              <Title order={2} fz="sm" tt="uppercase" c="dimmed">
                {t('manual.review')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Review label={t('fields.property_id')}>
                  <span dir="auto">{property?.nombre}</span>
                </Review>
                <Review label={t('list.stay')}>
                  {v.arrival && v.departure ? formatStay(v.arrival, v.departure, language) : ''}
                </Review>
                <Review label={t('list.guest')}>
                  <span dir="auto">
                    {v.first_name} {v.last_name}
                  </span>
                </Review>
                <Review label={t('fields.document_number')}>
                  <span dir="ltr">
                    {v.document_type ? `${t(`documentType.${v.document_type}`)} ` : ''}
                    {v.document_number}
                  </span>
                </Review>
                <Review label={t('fields.email')}>
                  <span dir="ltr">{v.email}</span>
                </Review>
                <Review label={t('fields.nationality')}>
                  {v.nationality ? countryName(alpha2Of(v.nationality) || v.nationality, language) : ''}
                </Review>
              </SimpleGrid>
            </Stack>
          </Paper>
          <Checkbox
            label={t('fields.accepted_terms')}
            error={err('accepted_terms')}
            {...register('accepted_terms')}
          />
        </Stack>
        <Group justify="space-between" mt="xl">
          {canGoBack(step) ? (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden className={classes.mirror} />}
              onClick={() => setStep(1)}
            >
              {t('manual.back')}
            </Button>
          ) : (
            <span />
          )}
          <Button
            type="submit"
            loading={mutation.isPending}
            rightSection={
              step < 3 ? (
                <IconArrowRight size={16} aria-hidden className={classes.mirror} />
              ) : (
                <IconCheck size={16} aria-hidden />
              )
            }
          >
            {step < 3 ? t('manual.next') : t('manual.submit')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
