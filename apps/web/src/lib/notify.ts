import { notifications } from '@mantine/notifications';

/** spec 9: toasts last 5000 ms, warnings 3 to 4 s. */
export const TOAST_MS = 5000;
export const WARNING_MS = 3500;

/** Toasts about the page on screen (id → its path): they leave when the user navigates away. */
const pageToasts = new Map<string, string>();

/** Hides the page toasts of other paths; the router calls it on every navigation. */
export function clearPageToasts(pathname: string) {
  for (const [id, path] of pageToasts) {
    if (path === pathname) continue;
    notifications.hide(id);
    pageToasts.delete(id);
  }
}

type Options = { page?: boolean };

const show = (color: string, autoClose: number, message: string, title?: string, options: Options = {}) => {
  const id = notifications.show({ color, title, message, autoClose });
  if (options.page) pageToasts.set(id, window.location.pathname);
  return id;
};

export const notify = {
  success: (message: string, title?: string, options?: Options) =>
    show('teal', TOAST_MS, message, title, options),
  error: (message: string, title?: string, options?: Options) =>
    show('red', TOAST_MS, message, title, options),
  warning: (message: string, title?: string, options?: Options) =>
    show('yellow', WARNING_MS, message, title, options),
  info: (message: string, title?: string, options?: Options) =>
    show('blue', TOAST_MS, message, title, options),
};
