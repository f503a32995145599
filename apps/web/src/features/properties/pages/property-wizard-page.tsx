import { Alert, Button, Group, Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { User } from '@posada/contracts/users';
import { type WizardStep, wizardSteps } from '@posada/domain/property-wizard';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader.tsx';
import {
  PropertyCreationLayout,
  usePropertyCreationExit,
} from '../../../components/property-creation-layout.tsx';
import shellClasses from '../../../components/shell.module.css';
import { pathTo } from '../../../config/routes.ts';
import { createProperty, propertiesQueryKey } from '../../../lib/api/properties-api.ts';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useCurrentUser, userQueryKey } from '../../../lib/use-session.ts';
import { LimitModal } from '../components/limit-modal.tsx';
import type { StepProps } from '../components/step-props.ts';
import { CapacityStep } from '../components/steps/capacity-step.tsx';
import { DescriptionStep } from '../components/steps/description-step.tsx';
import { LocationStep } from '../components/steps/location-step.tsx';
import { LogoStep } from '../components/steps/logo-step.tsx';
import { NameStep } from '../components/steps/name-step.tsx';
import { PriceStep } from '../components/steps/price-step.tsx';
import { RoomTypeStep } from '../components/steps/room-type-step.tsx';
import { RoomsStep } from '../components/steps/rooms-step.tsx';
import { ServicesStep } from '../components/steps/services-step.tsx';
import {
  draftStorageKey,
  initialDraft,
  type PropertyDraft,
  serverErrorsByStep,
  stepErrors,
  toCreateBody,
} from '../lib/draft.ts';
import { atPropertyLimit } from '../lib/limit.ts';

const stepComponents: Record<WizardStep, ComponentType<StepProps>> = {
  name: NameStep,
  location: LocationStep,
  logo: LogoStep,
  roomType: RoomTypeStep,
  rooms: RoomsStep,
  capacity: CapacityStep,
  services: ServicesStep,
  price: PriceStep,
  description: DescriptionStep,
};

const shownFields = new Set([
  'nombre',
  'internalName',
  'pais',
  'address',
  'city',
  'zipCode',
  'logo',
  'roomTypeName',
  'roomTypeAdults',
  'rooms',
  'priceNight',
  'description',
]);
const isShownField = (field: string) => shownFields.has(field) || /^rooms\.\d+\.name$/.test(field);

/** Field-specific messages for the domain's missing-field keys (spec 5 Property setup steps). */
function requiredMessageKey(field: string): string {
  if (field.startsWith('rooms.')) return 'validation.roomName';
  return `validation.${field}`;
}

interface Stored {
  draft: PropertyDraft;
  step: number;
}

function loadStored(user: User, first: boolean): Stored {
  try {
    const raw = sessionStorage.getItem(draftStorageKey(user.id));
    if (raw) {
      const stored = JSON.parse(raw) as Stored & { first?: boolean };
      if (stored.first === first && stored.draft) return { draft: stored.draft, step: stored.step ?? 0 };
    }
  } catch {
    // A damaged saved draft is simply dropped.
  }
  return { draft: initialDraft(user, first), step: 0 };
}

/**
 * firstCreatePropiedad and createPropiedad (spec 2.3): the property creation wizard, 7 steps for
 * apartments and villas, 8 for hotels and campings. What is typed survives going back and forth and a
 * reload of the tab.
 */
export function PropertyWizardPage({ variant }: { variant: 'first' | 'additional' }) {
  const { data: user } = useCurrentUser();
  if (!user) return <FullPageLoader />;
  return <WizardEntry user={user} variant={variant} />;
}

function WizardEntry({ user, variant }: { user: User; variant: 'first' | 'additional' }) {
  // Decided once on arrival: after the property is created the refreshed user has one, and the page
  // must not bounce to the other variant while it heads to Dashboard.
  const [hasProperty] = useState(() => user.properties.length > 0);
  // The first-property route is only for accounts without one; the other for accounts with one.
  if (variant === 'first' && hasProperty) return <Navigate to={pathTo('createPropiedad')} replace />;
  if (variant === 'additional' && !hasProperty)
    return <Navigate to={pathTo('firstCreatePropiedad')} replace />;
  return <Wizard user={user} first={!hasProperty} />;
}

function Wizard({ user, first }: { user: User; first: boolean }) {
  const { t } = useTranslation(['properties', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const exit = usePropertyCreationExit();
  const [{ draft, step }, setState] = useState<Stored>(() => loadStored(user, first));
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [limitOpen, setLimitOpen] = useState(() => !first && atPropertyLimit(user));
  const steps = wizardSteps(draft.tipo);
  const index = Math.min(step, steps.length - 1);
  const current = steps[index] ?? 'name';
  const isLast = index === steps.length - 1;
  useDocumentTitle(`${t('title')} · ${t('common:appName')}`);

  useEffect(() => {
    sessionStorage.setItem(draftStorageKey(user.id), JSON.stringify({ draft, step: index, first }));
  }, [draft, index, first, user.id]);

  // Each new step moves focus to its heading, so keyboard and screen-reader users start at the top.
  const shownStep = useRef(index);
  useEffect(() => {
    if (shownStep.current === index) return;
    shownStep.current = index;
    document.getElementById('wizard-step-title')?.focus();
    window.scrollTo({ top: 0 });
  }, [index]);

  const update = useCallback<StepProps['update']>((patch) => {
    setState((state) => ({
      ...state,
      draft: typeof patch === 'function' ? patch(state.draft) : { ...state.draft, ...patch },
    }));
    setServerErrors({});
  }, []);

  const missing = stepErrors(current, draft);
  const messages: Record<string, string> = { ...serverErrors };
  if (showErrors) for (const field of Object.keys(missing)) messages[field] ??= t(requiredMessageKey(field));

  const goTo = (next: number) => {
    setShowErrors(false);
    setState((state) => ({ ...state, step: next }));
  };

  const create = useMutation({
    mutationFn: () => createProperty(toCreateBody(draft)),
    onSuccess: async (property) => {
      sessionStorage.removeItem(draftStorageKey(user.id));
      notify.success(t('created', { name: property.nombre }));
      // The user (and its property list) must be fresh before Dashboard, or it would send us back here.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
        queryClient.invalidateQueries({ queryKey: propertiesQueryKey }),
      ]);
      void navigate(pathTo('Dashboard'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'properties.limit_reached') {
        setLimitOpen(true);
        notify.warning(error.message);
        return;
      }
      const found = error instanceof ApiError ? serverErrorsByStep(draft.tipo, error.errors) : null;
      if (found) {
        setServerErrors(found.fields);
        goTo(found.step);
      }
      notify.error(error.message, t('createFailed'));
    },
  });

  const next = () => {
    if (Object.keys(missing).length > 0) {
      setShowErrors(true);
      notify.warning(t('validation.fixStep'));
      // Focus the first field that needs attention.
      requestAnimationFrame(() => {
        const invalid = document.querySelector<HTMLElement>('main [aria-invalid="true"]');
        invalid?.focus();
      });
      return;
    }
    if (isLast) return create.mutate();
    goTo(index + 1);
  };

  const Step = stepComponents[current];
  const skipLogo = current === 'logo' && !draft.logo;
  const otherServerErrors = Object.entries(serverErrors).filter(([field]) => !isShownField(field));

  return (
    <PropertyCreationLayout
      step={index + 1}
      total={steps.length}
      onBack={() => goTo(Math.max(0, index - 1))}
      onExit={exit}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          next();
        }}
      >
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
          {otherServerErrors.length > 0 && (
            <Alert
              mb="lg"
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} aria-hidden />}
              role="alert"
            >
              {otherServerErrors.map(([, message]) => message).join(' ')}
            </Alert>
          )}
          <Step draft={draft} update={update} errors={messages} />
        </Paper>
        <Group justify="space-between" mt="lg" gap="sm">
          {index > 0 ? (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden className={shellClasses.mirror} />}
              onClick={() => goTo(index - 1)}
            >
              {t('previous')}
            </Button>
          ) : (
            <span />
          )}
          <Button
            type="submit"
            size="md"
            loading={create.isPending}
            rightSection={
              isLast ? (
                <IconCheck size={18} aria-hidden />
              ) : (
                <IconArrowRight size={18} aria-hidden className={shellClasses.mirror} />
              )
            }
          >
            {isLast ? t('submit') : skipLogo ? t('skip') : t('next')}
          </Button>
        </Group>
      </form>
      <LimitModal
        opened={limitOpen}
        user={user}
        onClose={() => {
          setLimitOpen(false);
          void navigate(pathTo('Dashboard'));
        }}
      />
    </PropertyCreationLayout>
  );
}

/** firstCreatePropiedad (/create/properties). */
export function FirstPropertyWizardPage() {
  return <PropertyWizardPage variant="first" />;
}

/** createPropiedad (/business/create/properties). */
export function AddPropertyWizardPage() {
  return <PropertyWizardPage variant="additional" />;
}
