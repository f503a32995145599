import { notifications } from '@mantine/notifications';

/** spec 9: toasts last 5000 ms, warnings 3 to 4 s. */
export const TOAST_MS = 5000;
export const WARNING_MS = 3500;

export const notify = {
  success: (message: string, title?: string) =>
    notifications.show({ color: 'teal', title, message, autoClose: TOAST_MS }),
  error: (message: string, title?: string) =>
    notifications.show({ color: 'red', title, message, autoClose: TOAST_MS }),
  warning: (message: string, title?: string) =>
    notifications.show({ color: 'yellow', title, message, autoClose: WARNING_MS }),
  info: (message: string, title?: string) =>
    notifications.show({ color: 'blue', title, message, autoClose: TOAST_MS }),
};
