import { mountLightEntry } from '../light-kit/mount.tsx';
import { BookingSite } from './BookingSite.tsx';
import './i18n.ts';
import './booking-site.css';
import './stay.css';

mountLightEntry((language) => <BookingSite initialLanguage={language} />);
