import { TextInput } from '@mantine/core';
import { IconLink, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionPage } from '../components/section-page.tsx';
import classes from '../components/settings.module.css';
import { SectionSwitch } from '../components/switch-card.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

/** guest-reviews: ask guests for a review after their stay; the review URL is required to enable (spec 5). */
export function GuestReviewsPage() {
  const { t } = useTranslation('settings');
  const s = useSectionForm('guest-reviews');
  const { formState, register, watch } = s.form;
  const enabled = watch('enabled');
  return (
    <SectionPage section="guest-reviews" form={s}>
      <SectionSwitch
        form={s}
        icon={IconStar}
        label={t('reviews.enabled')}
        description={t('reviews.enabledHint')}
      />
      <TextInput
        label={t('reviews.url')}
        description={t('reviews.urlHint')}
        placeholder="https://g.page/r/…/review"
        type="url"
        inputMode="url"
        autoComplete="url"
        classNames={{ input: classes.ltrInput }}
        withAsterisk={enabled}
        leftSection={<IconLink size={16} aria-hidden />}
        error={formState.errors.review_url?.message}
        maxLength={500}
        {...register('review_url')}
      />
    </SectionPage>
  );
}
