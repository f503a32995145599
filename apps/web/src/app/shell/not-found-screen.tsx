import { Button, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from '../../components/shell.module.css';
import { pathTo } from '../../config/routes.ts';
import { getStoredUser, getToken } from '../../lib/session.ts';
import { homeRouteFor } from './session-routes.ts';
import { StatusScreen } from './status-screen.tsx';

/** 404: a way back to the user's home, or to Login for a visitor. */
export function NotFoundScreen() {
  const { t } = useTranslation('shell');
  const home = homeRouteFor(getToken() ? getStoredUser() : null);
  return (
    <StatusScreen
      visual={
        <Text fz={96} fw={800} lh={1} c="posada.2" aria-hidden>
          404
        </Text>
      }
      title={t('notFound.title')}
      description={t('notFound.description')}
      actions={
        <Button
          component={Link}
          to={pathTo(home)}
          size="md"
          leftSection={<IconArrowLeft size={18} aria-hidden className={classes.mirror} />}
        >
          {home === 'Login' ? t('notFound.toLogin') : t('notFound.toHome')}
        </Button>
      }
    />
  );
}
