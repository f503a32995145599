import { Drawer, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../../../lib/use-is-mobile.ts';

/**
 * A dialog that is a centred modal on desktop and a bottom sheet on phones (thumb-reachable actions).
 */
export function Sheet({
  opened,
  onClose,
  title,
  children,
  size = 'md',
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: string | number;
}) {
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <Drawer
        opened={opened}
        onClose={onClose}
        title={title}
        position="bottom"
        radius="lg"
        styles={{
          // As tall as its content (Mantine's bottom drawer has a fixed height otherwise).
          content: { borderEndStartRadius: 0, borderEndEndRadius: 0, height: 'auto', maxHeight: '92dvh' },
          title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', lineHeight: 1.3 },
          body: { paddingBottom: 'calc(var(--mantine-spacing-md) + env(safe-area-inset-bottom))' },
        }}
      >
        {children}
      </Drawer>
    );
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      radius="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', lineHeight: 1.3 } }}
    >
      {children}
    </Modal>
  );
}
