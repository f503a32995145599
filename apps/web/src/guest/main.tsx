// The light entries' base first: each entry's own stylesheet, after it, adds to and overrides it.
import '../light-kit/base.css';
import { mountLightEntry } from '../light-kit/mount.tsx';
import { GuestApp } from './GuestApp.tsx';
import './i18n.ts';
import './guest.css';

mountLightEntry((language) => <GuestApp initialLanguage={language} />);
