import { type SettingsSection, settingsSectionBodies } from '@posada/contracts/property-settings';
import { useState } from 'react';
import { type FieldValues, type Path, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { isSettings, useSaveSection } from '../api/settings-api.ts';
import { FEATURE_UNAVAILABLE_CODE, isSectionLocked } from '../lib/gating.ts';
import { type SectionValues, sectionValues } from '../lib/section-values.ts';
import { useSettingsContext } from './settings-context.ts';
import { useUnsavedGuard } from './use-unsaved-guard.ts';

export interface SectionForm<S extends SettingsSection> {
  form: UseFormReturn<SectionValues<S> & FieldValues>;
  /** Validates with the section's contract schema, then saves. */
  submit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** Saves already-validated values (after a confirmation). */
  save: (values: SectionValues<S>) => void;
  saving: boolean;
  /** spec 6: the subscription does not include the section's feature; controls disabled. */
  locked: boolean;
  /** A save error that belongs to no field. */
  alert: string | null;
}

/**
 * One settings page's form: starts from GET settings, validates on the client with the contract's
 * schema (translated messages), saves its section, puts server field errors under the fields and
 * keeps everything typed when a save fails.
 */
export function useSectionForm<S extends SettingsSection>(
  section: S,
  options: {
    beforeSave?: (values: SectionValues<S>, save: () => void) => void;
    /**
     * Rules the contract cannot know on its own (they depend on what is stored), checked with the
     * contract's: field → translated message.
     */
    check?: (values: SectionValues<S>) => Partial<Record<string, string>>;
  } = {},
): SectionForm<S> {
  const { t, i18n } = useTranslation('settings');
  const { propertyId, settings } = useSettingsContext();
  const mutation = useSaveSection(propertyId, section);
  const [refused, setRefused] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const schema = settingsSectionBodies[section];
  const defaults = sectionValues(section, settings);
  type Values = SectionValues<S> & FieldValues;
  const contract = contractResolver(
    // biome-ignore lint/suspicious/noExplicitAny: one resolver for every section schema
    schema as any,
    (key, params) => i18n.t(key, params),
  ) as unknown as Resolver<Values>;
  const { check } = options;
  const resolver: Resolver<Values> = check
    ? async (values, context, resolverOptions) => {
        const result = await contract(values, context, resolverOptions);
        const extra = Object.entries(check(values)).filter(
          ([field, message]) => message && !(field in result.errors),
        );
        if (extra.length === 0) return result;
        const added = Object.fromEntries(
          extra.map(([field, message]) => [field, { type: 'validation', message }]),
        );
        return { values: {}, errors: { ...result.errors, ...added } as typeof result.errors };
      }
    : contract;
  const form = useForm<Values>({
    resolver,
    defaultValues: defaults as never,
    mode: 'onTouched',
  });
  const locked = isSectionLocked(section, settings.features, refused);
  useUnsavedGuard(form.formState.isDirty && !mutation.isPending && !locked);

  const save = (values: SectionValues<S>) => {
    setAlert(null);
    mutation.mutate(values, {
      onSuccess: (answer) => {
        // The form continues from what the server stored (trimmed, normalised).
        form.reset((isSettings(answer) ? sectionValues(section, answer) : values) as never);
        notify.success(t('form.saved'));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === FEATURE_UNAVAILABLE_CODE) {
          setRefused(true);
          notify.error(error.message, t('form.saveFailed'));
          return;
        }
        const message = applyServerErrors(
          error,
          form.setError,
          Object.keys(defaults) as Path<SectionValues<S> & FieldValues>[],
          t('form.saveFailed'),
        );
        setAlert(message);
        notify.error(message ?? t('form.fixFields'), t('form.saveFailed'));
      },
    });
  };

  const submit = form.handleSubmit((values) => {
    const body = values as SectionValues<S>;
    if (options.beforeSave) options.beforeSave(body, () => save(body));
    else save(body);
  });

  return { form, submit, save, saving: mutation.isPending, locked, alert };
}
