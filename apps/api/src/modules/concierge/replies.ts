import type { ConciergeLanguage } from '@posada/domain/concierge';
import { formatMoney, intlTagOf } from '@posada/domain/money';

/**
 * What the bot writes when it acts (docs/concierge.md, Actions), in the guest's language. The knowledge's
 * answers are the operator's own words; these are the bot's few fixed sentences around an action.
 */

export { formatMoney };

/** An instant as a date and time in the property's zone. */
export function formatInstant(iso: string, timeZone: string, language: ConciergeLanguage): string {
  return new Intl.DateTimeFormat(intlTagOf[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

const price = (amount: number, currency: string, l: ConciergeLanguage) =>
  amount === 0
    ? { es: 'sin coste', en: 'free of charge', ar: 'دون تكلفة' }[l]
    : formatMoney(amount, currency, l);

export const replies = {
  doorCode(l: ConciergeLanguage, code: string, from: string | null, until: string | null): string {
    const validity =
      from && until
        ? {
            es: ` Válido del ${from} al ${until}.`,
            en: ` Valid from ${from} to ${until}.`,
            ar: ` صالح من ${from} حتى ${until}.`,
          }[l]
        : '';
    return {
      es: `Tu código de acceso es ${code}.${validity}`,
      en: `Your door code is ${code}.${validity}`,
      ar: `رمز الدخول الخاص بك هو ${code}.${validity}`,
    }[l];
  },

  checkinLink(l: ConciergeLanguage, url: string): string {
    return {
      es: `Aquí tienes el enlace para completar tu check-in online: ${url}`,
      en: `Here is the link to complete your online check-in: ${url}`,
      ar: `إليك رابط إكمال تسجيل الوصول عبر الإنترنت: ${url}`,
    }[l];
  },

  offerService(l: ConciergeLanguage, title: string, amount: number, currency: string): string {
    const p = price(amount, currency, l);
    return {
      es: `Podemos ofrecerte ${title} (${p}). ¿Quieres que lo solicite? Responde sí o no.`,
      en: `We can offer you ${title} (${p}). Would you like me to request it? Reply yes or no.`,
      ar: `يمكننا أن نقدم لك ${title} (${p}). هل تريد أن أطلبه لك؟ أجب بنعم أو لا.`,
    }[l];
  },

  serviceRequested(l: ConciergeLanguage, title: string, checkoutUrl: string | null): string {
    const pay = checkoutUrl
      ? {
          es: ` Puedes pagarlo aquí: ${checkoutUrl}`,
          en: ` You can pay here: ${checkoutUrl}`,
          ar: ` يمكنك الدفع هنا: ${checkoutUrl}`,
        }[l]
      : '';
    return {
      es: `Hecho: he solicitado ${title}. Te confirmaremos los detalles.${pay}`,
      en: `Done: I have requested ${title}. We will confirm the details.${pay}`,
      ar: `تم: طلبت ${title}. سنؤكد لك التفاصيل.${pay}`,
    }[l];
  },

  lateCheckout(l: ConciergeLanguage, until: string, amount: number, currency: string): string {
    const p = price(amount, currency, l);
    return {
      es: `Puedo proponerte la salida tardía hasta las ${until} (${p}). ¿La quieres? Responde sí o no.`,
      en: `I can offer you a late check-out until ${until} (${p}). Would you like it? Reply yes or no.`,
      ar: `يمكنني أن أقترح عليك مغادرة متأخرة حتى الساعة ${until} (${p}). هل تريدها؟ أجب بنعم أو لا.`,
    }[l];
  },

  earlyCheckin(l: ConciergeLanguage, from: string, amount: number, currency: string): string {
    const p = price(amount, currency, l);
    return {
      es: `Puedo proponerte la entrada anticipada desde las ${from} (${p}). ¿La quieres? Responde sí o no.`,
      en: `I can offer you an early check-in from ${from} (${p}). Would you like it? Reply yes or no.`,
      ar: `يمكنني أن أقترح عليك وصولًا مبكرًا من الساعة ${from} (${p}). هل تريده؟ أجب بنعم أو لا.`,
    }[l];
  },

  howCanIHelp(l: ConciergeLanguage): string {
    return {
      es: '¡Hola! ¿En qué puedo ayudarte?',
      en: 'Hello! How can I help you?',
      ar: 'مرحبًا! كيف يمكنني مساعدتك؟',
    }[l];
  },

  accepted(l: ConciergeLanguage): string {
    return {
      es: 'Perfecto, lo he anotado. El anfitrión te lo confirmará en breve.',
      en: 'Great, I have noted it. The host will confirm it shortly.',
      ar: 'ممتاز، لقد سجلت ذلك. سيؤكده لك المضيف قريبًا.',
    }[l];
  },

  declined(l: ConciergeLanguage): string {
    return {
      es: 'De acuerdo, no lo solicito. Si necesitas algo más, escríbeme.',
      en: 'All right, I will not request it. If you need anything else, just write.',
      ar: 'حسنًا، لن أطلبه. إن احتجت إلى أي شيء آخر فاكتب لي.',
    }[l];
  },
};
