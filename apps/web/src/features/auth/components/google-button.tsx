import { Button } from '@mantine/core';
import { authPaths } from '@posada/contracts/auth';
import { IconBrandGoogleFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "Continuar con Google": a full browser navigation to the API, which redirects to Google. */
export function GoogleButton({ remember }: { remember: boolean }) {
  const { t } = useTranslation('auth');
  const [leaving, setLeaving] = useState(false);
  return (
    <Button
      variant="default"
      fullWidth
      size="md"
      loading={leaving}
      leftSection={<IconBrandGoogleFilled size={18} />}
      onClick={() => {
        setLeaving(true);
        window.location.assign(`${authPaths.oauthStart('google')}?remember=${remember ? '1' : '0'}`);
      }}
    >
      {t('login.google')}
    </Button>
  );
}
