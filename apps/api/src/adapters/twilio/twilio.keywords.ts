import type { SmsKeyword } from './types.ts';

/**
 * Twilio's default keywords (sms-twilio.md §5, help.twilio.com "opt-out keywords"), plus the Spanish BAJA and
 * ALTA our guests use. Only a single-word message counts ("STOP please" does not).
 */
const KEYWORDS: Readonly<Record<string, SmsKeyword>> = {
  STOP: 'stop',
  STOPALL: 'stop',
  UNSUBSCRIBE: 'stop',
  CANCEL: 'stop',
  END: 'stop',
  QUIT: 'stop',
  REVOKE: 'stop',
  OPTOUT: 'stop',
  ARRET: 'stop',
  BAJA: 'stop',
  START: 'start',
  YES: 'start',
  UNSTOP: 'start',
  ALTA: 'start',
  HELP: 'help',
  INFO: 'help',
};

/** The keyword a whole message body is (case, accents, surrounding spaces and punctuation ignored), or null. */
export function smsKeyword(body: string): SmsKeyword | null {
  const word = body
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .replace(/^[\s.,;:!?¡¿"'()]+|[\s.,;:!?¡¿"'()]+$/g, '')
    .toUpperCase();
  return KEYWORDS[word] ?? null;
}

/** OptOutType of an Advanced Opt-Out webhook (STOP, START, HELP) as a keyword. */
export function optOutTypeKeyword(value: string | null): SmsKeyword | null {
  const type = value?.trim().toUpperCase();
  if (type === 'STOP') return 'stop';
  if (type === 'START') return 'start';
  if (type === 'HELP') return 'help';
  return null;
}
