import { mountLightEntry } from '../light-kit/mount.tsx';
import { GuestApp } from './GuestApp.tsx';
import './i18n.ts';
import './guest.css';

mountLightEntry((language) => <GuestApp initialLanguage={language} />);
