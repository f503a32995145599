import { NotFoundScreen } from '../shell/not-found-screen.tsx';

/** The catch-all route. */
export function NotFoundPage() {
  return <NotFoundScreen />;
}
