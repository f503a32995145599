import type { ConciergeLanguage, LocalizedAnswer } from '@posada/domain/concierge';
import type { PriceType, ServiceCategory } from '@posada/domain/experiences';
import { intlTagOf } from '@posada/domain/money';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { checkins } from '../../db/schema/checkins.ts';
import { botQuestions, botSettings } from '../../db/schema/concierge.ts';
import { services } from '../../db/schema/experiences.ts';
import { properties } from '../../db/schema/properties.ts';
import type { ConciergeDeps } from './concierge.deps.ts';
import type { KnowledgeEntry } from './engine/concierge-engine.ts';

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;

/** spec 3 Accommodation settings: in the policies, this placeholder stands for the accommodation name. */
export const NAME_PLACEHOLDER = '{alojamiento}';

type L = ConciergeLanguage;
const langs: L[] = ['es', 'en', 'ar'];
/** One text per language from a template. */
const each = (make: (l: L) => string): LocalizedAnswer => ({
  es: make('es'),
  en: make('en'),
  ar: make('ar'),
});
const filled = (text: Partial<LocalizedAnswer> | null | undefined, name: string): LocalizedAnswer =>
  each((l) => (text?.[l] ?? '').split(NAME_PLACEHOLDER).join(name).trim());
const hasText = (text: LocalizedAnswer) => langs.some((l) => text[l].length > 0);

function money(minor: number, currency: string, l: L): string {
  const digits = currency === 'COP' ? 0 : 2;
  return new Intl.NumberFormat(intlTagOf[l], {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 100);
}

const perPriceType: Record<PriceType, LocalizedAnswer> = {
  unit: { es: '', en: '', ar: '' },
  person: { es: ' por persona', en: ' per person', ar: ' للشخص' },
  group: { es: ' por grupo', en: ' per group', ar: ' للمجموعة' },
  day: { es: ' por día', en: ' per day', ar: ' لليوم' },
  hour: { es: ' por hora', en: ' per hour', ar: ' للساعة' },
};

/** Words that name a service's category in the three languages (what a guest says for it). */
const categoryWords: Record<ServiceCategory, string> = {
  checkin_checkout: 'check-in check-out',
  transfer: 'traslado transfer taxi aeropuerto airport تاكسي المطار نقل',
  food_beverage: 'comida food طعام',
  seasonal: 'temporada seasonal موسمي',
  family: 'familia family niños kids عائلة أطفال',
  romantic: 'romántico romantic رومانسي',
  spa_health: 'spa masaje massage مساج',
  art_culture: 'visita guiada guided tour cultura culture جولة ثقافة',
  activities: 'actividad activity excursión excursion نشاط',
  services: '',
  others: '',
};

/** A date (YYYY-MM-DD) as the guest reads it. */
const day = (iso: string, l: L) =>
  new Intl.DateTimeFormat(intlTagOf[l], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T12:00:00Z`),
  );

/**
 * What the bot knows at a property (docs/concierge.md, Knowledge): the operator's answered questions, the
 * property's own facts (address, check-in and check-out times, policies, welcome message), the facts the
 * operator marks as shareable (Wi-Fi, how to get in), the store's active services, and with a check-in the
 * guest's own stay. Every read is filtered by the account.
 */
export function createKnowledgeService(deps: ConciergeDeps) {
  const { db } = deps;
  return {
    async entriesFor(input: {
      accountId: string;
      propertyId: string;
      checkinId: string | null;
      language: ConciergeLanguage;
    }): Promise<KnowledgeEntry[]> {
      const { accountId, propertyId } = input;
      const [property] = await db
        .select()
        .from(properties)
        .where(and(eq(properties.id, propertyId), eq(properties.accountId, accountId)))
        .limit(1);
      if (!property) return [];
      const [questions, [settings], storeServices, stay] = await Promise.all([
        db
          .select()
          .from(botQuestions)
          .where(
            and(
              eq(botQuestions.accountId, accountId),
              eq(botQuestions.propertyId, propertyId),
              eq(botQuestions.status, 'answered'),
            ),
          )
          .orderBy(asc(botQuestions.createdAt)),
        db
          .select()
          .from(botSettings)
          .where(and(eq(botSettings.propertyId, propertyId), eq(botSettings.accountId, accountId)))
          .limit(1),
        property.storeEnabled && property.storeType === 'internal'
          ? db
              .select()
              .from(services)
              .where(
                and(
                  eq(services.accountId, accountId),
                  eq(services.active, true),
                  or(eq(services.propertyId, propertyId), isNull(services.propertyId)),
                ),
              )
              .orderBy(asc(services.createdAt))
          : Promise.resolve([]),
        input.checkinId
          ? db
              .select()
              .from(checkins)
              .where(
                and(
                  eq(checkins.id, input.checkinId),
                  eq(checkins.accountId, accountId),
                  eq(checkins.propertyId, propertyId),
                ),
              )
              .limit(1)
          : Promise.resolve([]),
      ]);

      const entries: KnowledgeEntry[] = [];
      for (const q of questions) {
        if (!hasText(filled(q.answer, property.nombre))) continue;
        entries.push({
          id: q.id,
          kind: 'question',
          question: q.question,
          answer: filled(q.answer, property.nombre),
          imageFile: q.imageFile,
        });
      }

      const name = property.nombre;
      const place = [property.address, property.city]
        .filter((p): p is string => Boolean(p?.trim()))
        .filter((p, i, all) => i === 0 || !all[0]?.includes(p))
        .join(', ');
      if (place)
        entries.push({
          id: 'fact:address',
          kind: 'fact',
          question: {
            es: '¿Cuál es la dirección del alojamiento? ¿Dónde está?',
            en: 'What is the address of the property? Where is it?',
            ar: 'ما هو عنوان مكان الإقامة؟ أين يقع؟',
          },
          answer: each(
            (l) =>
              ({
                es: `La dirección de ${name} es ${place}.`,
                en: `The address of ${name} is ${place}.`,
                ar: `عنوان ${name} هو ${place}.`,
              })[l],
          ),
          keywords: ['ubicación', 'location', 'موقع', 'dirección', 'address', 'عنوان'],
        });
      entries.push(
        {
          id: 'fact:checkin_time',
          kind: 'fact',
          question: {
            es: '¿A qué hora es la entrada (check-in)? ¿Cuándo puedo llegar? ¿A qué hora puedo entrar?',
            en: 'What time is check-in? When can I arrive? What time can I get in?',
            ar: 'متى موعد تسجيل الوصول؟ في أي ساعة يمكنني الوصول؟ متى يمكنني الدخول؟',
          },
          answer: each(
            (l) =>
              ({
                es: `La entrada (check-in) es a partir de las ${property.checkinTime}.`,
                en: `Check-in is from ${property.checkinTime}.`,
                ar: `تسجيل الوصول ابتداءً من الساعة ${property.checkinTime}.`,
              })[l],
          ),
        },
        {
          id: 'fact:checkout_time',
          kind: 'fact',
          question: {
            es: '¿A qué hora es la salida (check-out)? ¿Cuándo tengo que salir?',
            en: 'What time is check-out? When do I have to leave?',
            ar: 'متى موعد المغادرة؟ في أي ساعة يجب أن أغادر؟',
          },
          answer: each(
            (l) =>
              ({
                es: `La salida (check-out) es antes de las ${property.checkoutTime}.`,
                en: `Check-out is by ${property.checkoutTime}.`,
                ar: `المغادرة قبل الساعة ${property.checkoutTime}.`,
              })[l],
          ),
        },
      );
      const policies = filled(property.policies, name);
      if (hasText(policies))
        entries.push({
          id: 'fact:policies',
          kind: 'fact',
          question: {
            es: '¿Cuáles son las normas y políticas del alojamiento?',
            en: 'What are the house rules and policies?',
            ar: 'ما هي قواعد وسياسات مكان الإقامة؟',
          },
          answer: policies,
        });
      const welcome = filled(property.welcome, name);
      if (hasText(welcome))
        entries.push({
          id: 'fact:welcome',
          kind: 'fact',
          question: { es: 'Mensaje de bienvenida', en: 'Welcome message', ar: 'رسالة الترحيب' },
          answer: welcome,
          keywords: ['bienvenida', 'welcome', 'ترحيب'],
        });
      if (settings?.shareWifi && (settings.wifiName || settings.wifiPassword)) {
        const { wifiName: net, wifiPassword: pass } = settings;
        entries.push({
          id: 'fact:wifi',
          kind: 'fact',
          question: {
            es: '¿Cuál es la red wifi y su contraseña?',
            en: 'What is the wifi network and password?',
            ar: 'ما هي شبكة الواي فاي وكلمة المرور؟',
          },
          answer: each(
            (l) =>
              ({
                es: `Red: ${net} · Contraseña: ${pass}`,
                en: `Network: ${net} · Password: ${pass}`,
                ar: `الشبكة: ${net} · كلمة المرور: ${pass}`,
              })[l],
          ),
          keywords: ['internet', 'wifi', 'contraseña', 'password', 'إنترنت'],
        });
      }
      const access = filled(settings?.accessInstructions, name);
      if (settings?.shareAccess && hasText(access))
        entries.push({
          id: 'fact:access',
          kind: 'fact',
          question: {
            es: '¿Cómo entro al alojamiento al llegar? ¿Cómo accedo?',
            en: 'How do I get in when I arrive? How do I access the property?',
            ar: 'كيف أدخل إلى مكان الإقامة عند الوصول؟',
          },
          answer: access,
          keywords: ['acceso', 'entrar', 'access', 'entrance', 'الدخول'],
        });

      for (const service of storeServices) {
        const price = (l: L) =>
          service.price === 0
            ? { es: 'sin coste', en: 'free of charge', ar: 'دون تكلفة' }[l]
            : `${money(service.price, service.currency, l)}${perPriceType[service.priceType][l]}`;
        entries.push({
          id: `service:${service.id}`,
          kind: 'service',
          question: each((l) => service.title[l]?.trim() ?? ''),
          answer: each((l) => {
            const title = service.title[l]?.trim() || service.title.es;
            const description = service.description[l]?.trim() || service.description.es || '';
            return `${title}: ${price(l)}.${description ? ` ${description}` : ''}`;
          }),
          keywords: [service.name, categoryWords[service.category]].filter(Boolean),
        });
      }

      const checkin = stay[0];
      if (checkin) {
        const done = checkin.status === 'complete';
        entries.push({
          id: 'fact:my_stay',
          kind: 'fact',
          question: {
            es: '¿Cuáles son las fechas de mi reserva? Mi estancia',
            en: 'What are the dates of my booking? My stay',
            ar: 'ما هي تواريخ حجزي؟ إقامتي',
          },
          answer: each(
            (l) =>
              ({
                es: `Tu reserva: llegada el ${day(checkin.startDate, l)} (desde las ${property.checkinTime}) y salida el ${day(checkin.endDate, l)} (antes de las ${property.checkoutTime}). Check-in online: ${done ? 'completado' : 'pendiente'}.`,
                en: `Your booking: arrival on ${day(checkin.startDate, l)} (from ${property.checkinTime}), departure on ${day(checkin.endDate, l)} (by ${property.checkoutTime}). Online check-in: ${done ? 'completed' : 'pending'}.`,
                ar: `حجزك: الوصول في ${day(checkin.startDate, l)} (ابتداءً من ${property.checkinTime}) والمغادرة في ${day(checkin.endDate, l)} (قبل ${property.checkoutTime}). تسجيل الوصول عبر الإنترنت: ${done ? 'مكتمل' : 'قيد الانتظار'}.`,
              })[l],
          ),
          keywords: ['reserva', 'booking', 'reservation', 'حجز', 'fechas', 'dates', 'تواريخ'],
        });
      }
      return entries;
    },
  };
}
