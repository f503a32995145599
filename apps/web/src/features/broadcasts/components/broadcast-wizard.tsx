import { Button, Group, Paper, Stack, Stepper, Text } from '@mantine/core';
import type {
  BroadcastPreviewAnswer,
  BroadcastRecipientsAnswer,
  BroadcastSetup,
  BroadcastVariable,
} from '@posada/contracts/broadcasts';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { useOperatorToday } from '../../../lib/today.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { findRecipients, previewBroadcast, useCreateBroadcast } from '../api/broadcasts-api.ts';
import { addDays, apiErrorText } from '../lib/progress.ts';
import { ConfirmStep } from './confirm-step.tsx';
import { PreviewStep } from './preview-step.tsx';
import { type FilterState, RecipientsStep } from './recipients-step.tsx';
import { defaultParams, TemplateStep } from './template-step.tsx';

const stepKeys = ['recipients', 'template', 'preview', 'confirm'] as const;
const initialFilter = (today: string): FilterState => ({
  property_ids: [],
  stay_from: today,
  stay_to: addDays(today, 30),
  statuses: ['booked'],
});

type Body = FilterState & { statuses: ('booked' | 'pending' | 'approved' | 'in_progress' | 'completed')[] };

/** The new broadcast: recipients → template → preview → confirm and send (spec 2.2 whatsapp-mass-communication). */
export function BroadcastWizard({ setup, onSent }: { setup: BroadcastSetup; onSent: (id: string) => void }) {
  const { t } = useTranslation('broadcasts');
  const isMobile = useIsMobile();
  const [step, setStep] = useState(0);
  const today = useOperatorToday();
  const [filter, setFilter] = useState<FilterState>(() => initialFilter(today));
  const [recipients, setRecipients] = useState<BroadcastRecipientsAnswer | null>(null);
  const [searching, setSearching] = useState(false);
  const [recipientsError, setRecipientsError] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [params, setParams] = useState<BroadcastVariable[]>([]);
  const [preview, setPreview] = useState<BroadcastPreviewAnswer | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const create = useCreateBroadcast();
  const template = setup.templates.find((tpl) => tpl.id === templateId) ?? null;
  const body = { ...filter, template_id: templateId ?? '', params } as Body & {
    template_id: string;
    params: BroadcastVariable[];
  };

  const changeFilter = (next: FilterState) => {
    setFilter(next);
    setRecipients(null);
    setPreview(null);
  };

  async function search() {
    setSearching(true);
    setRecipientsError(null);
    try {
      setRecipients(await findRecipients(filter as Body));
    } catch (error) {
      setRecipients(null);
      setRecipientsError(apiErrorText(error, t('errors.generic')));
    } finally {
      setSearching(false);
    }
  }

  async function loadPreview() {
    setPreview(null);
    setPreviewError(null);
    try {
      setPreview(await previewBroadcast(body));
    } catch (error) {
      setPreviewError(apiErrorText(error, t('errors.generic')));
    }
  }

  function goTo(next: number) {
    if (next === 2 && step !== 2) void loadPreview();
    setStep(next);
  }

  function send() {
    create.mutate(body, {
      onSuccess: (created) => {
        const queued = created.counts.queued + created.counts.sent;
        notify.success(t('toast.sent', { count: queued }));
        setStep(0);
        setFilter(initialFilter(today));
        setRecipients(null);
        setTemplateId(null);
        setParams([]);
        setPreview(null);
        onSent(created.id);
      },
      onError: (error) => notify.error(apiErrorText(error, t('errors.generic'))),
    });
  }

  const canNext =
    (step === 0 && !!recipients && recipients.count > 0) ||
    (step === 1 && !!template?.usable) ||
    (step === 2 && !!preview && preview.items.length > 0);

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        {isMobile ? (
          <Text fw={600} size="sm" aria-live="polite">
            {t('steps.position', { n: step + 1, total: 4, label: t(`steps.${stepKeys[step]}`) })}
          </Text>
        ) : null}
        <Stepper
          active={step}
          onStepClick={(n) => n < step && goTo(n)}
          size={isMobile ? 'xs' : 'sm'}
          allowNextStepsSelect={false}
        >
          <Stepper.Step
            label={isMobile ? undefined : t('steps.recipients')}
            description={isMobile ? undefined : t('steps.recipientsHint')}
            aria-label={t('steps.recipients')}
          >
            <RecipientsStep
              filter={filter}
              onChange={changeFilter}
              onSearch={search}
              searching={searching}
              result={recipients}
              error={recipientsError}
            />
          </Stepper.Step>
          <Stepper.Step
            label={isMobile ? undefined : t('steps.template')}
            description={isMobile ? undefined : t('steps.templateHint')}
            aria-label={t('steps.template')}
          >
            <TemplateStep
              templates={setup.templates}
              value={templateId}
              onChange={(id) => {
                setTemplateId(id);
                setParams(defaultParams(setup.templates.find((tpl) => tpl.id === id)?.placeholders ?? 0));
                setPreview(null);
              }}
              params={params}
              onParamsChange={(next) => {
                setParams(next);
                setPreview(null);
              }}
            />
          </Stepper.Step>
          <Stepper.Step
            label={isMobile ? undefined : t('steps.preview')}
            description={isMobile ? undefined : t('steps.previewHint')}
            aria-label={t('steps.preview')}
          >
            <PreviewStep preview={preview} loading={!preview && !previewError} error={previewError} />
          </Stepper.Step>
          <Stepper.Step
            label={isMobile ? undefined : t('steps.confirm')}
            description={isMobile ? undefined : t('steps.confirmHint')}
            aria-label={t('steps.confirm')}
          >
            {recipients && template ? (
              <ConfirmStep setup={setup} recipients={recipients} templateName={template.name} />
            ) : null}
          </Stepper.Step>
        </Stepper>
        <Group justify="space-between">
          <Button variant="default" onClick={() => goTo(step - 1)} disabled={step === 0 || create.isPending}>
            {t('actions.back')}
          </Button>
          {step < 3 ? (
            <Button onClick={() => goTo(step + 1)} disabled={!canNext}>
              {t('actions.next')}
            </Button>
          ) : (
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              onClick={send}
              loading={create.isPending}
              disabled={!recipients || recipients.count === 0}
            >
              {t('actions.send', { count: recipients?.count ?? 0 })}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
