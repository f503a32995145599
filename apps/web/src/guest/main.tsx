// The light entries' base first: each entry's own stylesheet, after it, adds to and overrides it.
import '../light-kit/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GuestApp } from './GuestApp.tsx';
import { loadLanguage, pickLanguage } from './i18n.ts';
import './guest.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
const initial = pickLanguage([new URLSearchParams(location.search).get('lang'), ...navigator.languages]);
void loadLanguage(initial).then(() =>
  createRoot(root).render(
    <StrictMode>
      <GuestApp initialLanguage={initial} />
    </StrictMode>,
  ),
);
