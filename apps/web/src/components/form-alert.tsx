import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A form-level error above the fields (role="alert", so screen readers announce it). */
export function FormAlert({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={title}>
      {children}
    </Alert>
  );
}
