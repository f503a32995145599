import type { LocalizedAnswer } from '@posada/domain/concierge';
import { TRIANA, VILLA } from './seed-experiences-catalog.ts';

/**
 * Issue 19 demo knowledge (seed-concierge.ts): what the operator of the subscribed demo account wrote for
 * the concierge at each property. Each question has a stable English key (the evaluation set in
 * bench/fixtures/concierge-eval.json refers to it); an answer may differ per property, and a question
 * without an answer for a property is not seeded there.
 */
export interface DemoBotQuestion {
  key: string;
  question: LocalizedAnswer;
  /** The answer per property name. */
  answers: Partial<Record<typeof TRIANA | typeof VILLA, LocalizedAnswer>>;
  /** A demo photo (gradient colours) sent with the answer. */
  image?: [string, string];
}

const both = (answer: LocalizedAnswer) => ({ [TRIANA]: answer, [VILLA]: answer });

export const demoBotQuestions: DemoBotQuestion[] = [
  {
    key: 'parking',
    question: { es: '¿Hay aparcamiento?', en: 'Is there parking?', ar: 'هل يوجد موقف للسيارات؟' },
    answers: {
      [TRIANA]: {
        es: 'El apartamento no tiene plaza propia. El parking público más cercano es el de la Plaza del Altozano, a 3 minutos andando (unos 20 € al día).',
        en: 'The apartment has no parking space of its own. The nearest public car park is at Plaza del Altozano, a 3-minute walk (about €20 a day).',
        ar: 'لا يوجد موقف خاص بالشقة. أقرب موقف عام في ساحة ألتوثانو على بعد 3 دقائق سيرًا (حوالي 20 يورو في اليوم).',
      },
      [VILLA]: {
        es: 'Sí, la villa tiene aparcamiento privado y gratuito para dos coches dentro de la parcela. El mando de la cancela está en la entrada.',
        en: 'Yes, the villa has free private parking for two cars inside the grounds. The gate remote is by the entrance.',
        ar: 'نعم، في الفيلا موقف خاص ومجاني لسيارتين داخل الأرض. جهاز التحكم بالبوابة عند المدخل.',
      },
    },
  },
  {
    key: 'pool',
    question: {
      es: '¿Hay piscina? ¿Qué horario tiene?',
      en: 'Is there a pool? What are its hours?',
      ar: 'هل يوجد مسبح؟ ما هي مواعيده؟',
    },
    answers: {
      [TRIANA]: {
        es: 'El apartamento no tiene piscina. La más cercana es la piscina municipal de Triana, a 10 minutos andando (abierta en verano).',
        en: 'The apartment has no pool. The nearest is the Triana municipal pool, a 10-minute walk (open in summer).',
        ar: 'لا يوجد مسبح في الشقة. أقرب مسبح هو المسبح البلدي في تريانا على بعد 10 دقائق سيرًا (مفتوح في الصيف).',
      },
      [VILLA]: {
        es: 'Sí, la piscina privada (8 × 4 m) se puede usar de 9:00 a 21:00. Por favor, dúchate antes de entrar y no uses vasos de cristal en la zona de la piscina.',
        en: 'Yes, the private pool (8 × 4 m) can be used from 9:00 to 21:00. Please shower before swimming and no glass around the pool.',
        ar: 'نعم، يمكن استخدام المسبح الخاص (8 × 4 م) من 9:00 إلى 21:00. يرجى الاستحمام قبل السباحة وعدم استخدام الزجاج حول المسبح.',
      },
    },
    image: ['#48cae4', '#0077b6'],
  },
  {
    key: 'towels',
    question: { es: '¿Hay toallas?', en: 'Are towels provided?', ar: 'هل توجد مناشف؟' },
    answers: {
      [TRIANA]: {
        es: 'Sí, hay una toalla de baño y una de mano por huésped en el armario del dormitorio principal.',
        en: 'Yes, there is a bath towel and a hand towel per guest in the main bedroom wardrobe.',
        ar: 'نعم، توجد منشفة حمام ومنشفة يد لكل ضيف في خزانة غرفة النوم الرئيسية.',
      },
      [VILLA]: {
        es: 'Sí, toallas de baño para cada huésped en los baños y toallas de piscina en el cesto junto a la puerta del jardín.',
        en: 'Yes, bath towels for every guest in the bathrooms and pool towels in the basket by the garden door.',
        ar: 'نعم، مناشف حمام لكل ضيف في الحمامات ومناشف المسبح في السلة بجانب باب الحديقة.',
      },
    },
  },
  {
    key: 'linen_change',
    question: {
      es: '¿Cada cuánto se cambian las sábanas?',
      en: 'How often is the bed linen changed?',
      ar: 'كل كم يوم يتم تغيير الشراشف؟',
    },
    answers: both({
      es: 'En estancias de más de 4 noches cambiamos sábanas y toallas el cuarto día. Si necesitas un cambio antes, escríbenos.',
      en: 'For stays longer than 4 nights we change the sheets and towels on the fourth day. If you need a change sooner, message us.',
      ar: 'في الإقامات التي تزيد عن 4 ليالٍ نغيّر الشراشف والمناشف في اليوم الرابع. إذا احتجت إلى التغيير قبل ذلك راسلنا.',
    }),
  },
  {
    key: 'breakfast',
    question: { es: '¿El desayuno está incluido?', en: 'Is breakfast included?', ar: 'هل الفطور مشمول؟' },
    answers: both({
      es: 'El desayuno no está incluido, pero puedes pedir nuestra cesta de desayuno a domicilio desde la tienda de servicios.',
      en: 'Breakfast is not included, but you can order our breakfast basket from the services store.',
      ar: 'الفطور غير مشمول، لكن يمكنك طلب سلة الفطور من متجر الخدمات.',
    }),
  },
  {
    key: 'supermarket',
    question: {
      es: '¿Dónde hay un supermercado cerca?',
      en: 'Where is the nearest supermarket?',
      ar: 'أين أقرب سوبرماركت؟',
    },
    answers: {
      [TRIANA]: {
        es: 'Hay un Mercadona en la calle San Jacinto, a 5 minutos andando (abre de 9:00 a 21:30), y el Mercado de Triana junto al puente.',
        en: 'There is a Mercadona on Calle San Jacinto, a 5-minute walk (open 9:00 to 21:30), and the Triana Market by the bridge.',
        ar: 'يوجد ميركادونا في شارع سان خاسينتو على بعد 5 دقائق سيرًا (يفتح من 9:00 إلى 21:30)، وسوق تريانا بجانب الجسر.',
      },
      [VILLA]: {
        es: 'El supermercado más cercano es el Carrefour Market de Las Chapas, a 1 km (5 minutos en coche).',
        en: 'The nearest supermarket is Carrefour Market in Las Chapas, 1 km away (5 minutes by car).',
        ar: 'أقرب سوبرماركت هو كارفور ماركت في لاس تشاباس على بعد 1 كم (5 دقائق بالسيارة).',
      },
    },
  },
  {
    key: 'beach',
    question: { es: '¿A qué distancia está la playa?', en: 'How far is the beach?', ar: 'كم يبعد الشاطئ؟' },
    answers: {
      [TRIANA]: {
        es: 'Sevilla no tiene playa: las más cercanas son Matalascañas y Mazagón, a una hora en coche.',
        en: 'Seville has no beach: the nearest are Matalascañas and Mazagón, an hour away by car.',
        ar: 'لا يوجد شاطئ في إشبيلية: أقرب الشواطئ ماتالاسكانياس ومازاغون على بعد ساعة بالسيارة.',
      },
      [VILLA]: {
        es: 'La playa de Las Chapas está a 300 metros, unos 4 minutos andando por la calle del Mar.',
        en: 'Las Chapas beach is 300 metres away, about a 4-minute walk down Calle del Mar.',
        ar: 'شاطئ لاس تشاباس على بعد 300 متر، حوالي 4 دقائق سيرًا عبر شارع البحر.',
      },
    },
  },
  {
    key: 'pharmacy',
    question: {
      es: '¿Hay una farmacia cerca?',
      en: 'Is there a pharmacy nearby?',
      ar: 'هل توجد صيدلية قريبة؟',
    },
    answers: {
      [TRIANA]: {
        es: 'La farmacia más cercana está en la calle Pureza 45, a 4 minutos andando. La de guardia de la zona aparece en su puerta.',
        en: 'The nearest pharmacy is at Calle Pureza 45, a 4-minute walk. The on-duty pharmacy is posted on its door.',
        ar: 'أقرب صيدلية في شارع بوريثا 45 على بعد 4 دقائق سيرًا. الصيدلية المناوبة مكتوبة على بابها.',
      },
      [VILLA]: {
        es: 'Hay una farmacia en el centro comercial de Las Chapas, a 1 km, abierta de 9:00 a 22:00.',
        en: 'There is a pharmacy in the Las Chapas shopping centre, 1 km away, open 9:00 to 22:00.',
        ar: 'توجد صيدلية في المركز التجاري في لاس تشاباس على بعد 1 كم، تفتح من 9:00 إلى 22:00.',
      },
    },
  },
  {
    key: 'restaurant',
    question: {
      es: '¿Qué restaurante nos recomiendas cerca?',
      en: 'Can you recommend a restaurant nearby?',
      ar: 'هل تنصحنا بمطعم قريب؟',
    },
    answers: {
      [TRIANA]: {
        es: 'Te recomendamos Casa Cuesta (tapas, plaza del Altozano) y Las Golondrinas (calle Antillano Campos). Para cenar junto al río, Abades Triana.',
        en: 'We recommend Casa Cuesta (tapas, Plaza del Altozano) and Las Golondrinas (Calle Antillano Campos). For dinner by the river, Abades Triana.',
        ar: 'ننصح بمطعم كاسا كويستا (تاباس، ساحة ألتوثانو) ولاس غولوندريناس (شارع أنتيانو كامبوس). وللعشاء على ضفة النهر أباديس تريانا.',
      },
      [VILLA]: {
        es: 'En la playa, el chiringuito El Cordobés (pescado fresco, a 5 minutos andando); para una cena especial, La Cabane en Los Monteros.',
        en: 'On the beach, El Cordobés beach bar (fresh fish, a 5-minute walk); for a special dinner, La Cabane at Los Monteros.',
        ar: 'على الشاطئ مطعم إل كوردوبيس (سمك طازج، 5 دقائق سيرًا)، ولعشاء مميز لا كابان في لوس مونتيروس.',
      },
    },
  },
  {
    key: 'air_conditioning',
    question: {
      es: '¿Cómo funciona el aire acondicionado?',
      en: 'How does the air conditioning work?',
      ar: 'كيف يعمل المكيف؟',
    },
    answers: both({
      es: 'Cada dormitorio y el salón tienen su mando en la mesita. Pulsa ON, elige el modo ❄️ y 24 °C. Por favor, apágalo al salir.',
      en: 'Each bedroom and the living room have a remote on the bedside table. Press ON, choose ❄️ mode and 24 °C. Please switch it off when you go out.',
      ar: 'لكل غرفة نوم وللصالة جهاز تحكم على الطاولة. اضغط ON واختر وضع ❄️ و24 درجة. يرجى إطفاؤه عند الخروج.',
    }),
  },
  {
    key: 'heating',
    question: { es: '¿Hay calefacción?', en: 'Is there heating?', ar: 'هل توجد تدفئة؟' },
    answers: {
      [TRIANA]: {
        es: 'El aire acondicionado también calienta: con el mando, elige el modo ☀️ y la temperatura que quieras.',
        en: 'The air conditioning also heats: on the remote, choose ☀️ mode and the temperature you like.',
        ar: 'المكيف يعمل للتدفئة أيضًا: من جهاز التحكم اختر وضع ☀️ ودرجة الحرارة التي تريدها.',
      },
      [VILLA]: {
        es: 'Sí, calefacción por radiadores. El termostato está en el pasillo: súbelo a la temperatura que quieras.',
        en: 'Yes, radiator heating. The thermostat is in the hallway: turn it up to the temperature you like.',
        ar: 'نعم، تدفئة بالمشعات. منظم الحرارة في الممر: ارفعه إلى الدرجة التي تريدها.',
      },
    },
  },
  {
    key: 'washing_machine',
    question: { es: '¿Hay lavadora?', en: 'Is there a washing machine?', ar: 'هل توجد غسالة ملابس؟' },
    answers: both({
      es: 'Sí, la lavadora está en la cocina; el detergente está en el armario de debajo del fregadero. Hay un tendedero plegable en el balcón.',
      en: 'Yes, the washing machine is in the kitchen; detergent is in the cupboard under the sink. There is a folding clothes rack on the balcony.',
      ar: 'نعم، الغسالة في المطبخ، والمنظف في الخزانة تحت المغسلة. يوجد منشر قابل للطي في الشرفة.',
    }),
  },
  {
    key: 'kitchen',
    question: { es: '¿La cocina está equipada?', en: 'Is the kitchen equipped?', ar: 'هل المطبخ مجهز؟' },
    answers: both({
      es: 'Sí: vitrocerámica, horno, microondas, nevera, cafetera de cápsulas, ollas, sartenes y vajilla completa. Hay aceite, sal y azúcar.',
      en: 'Yes: hob, oven, microwave, fridge, capsule coffee machine, pots, pans and full tableware. There is oil, salt and sugar.',
      ar: 'نعم: موقد كهربائي وفرن وميكروويف وثلاجة وآلة قهوة بالكبسولات وقدور ومقالٍ وأدوات مائدة كاملة. يوجد زيت وملح وسكر.',
    }),
  },
  {
    key: 'luggage',
    question: {
      es: '¿Puedo dejar las maletas antes de la entrada o después de la salida?',
      en: 'Can I leave my luggage before check-in or after check-out?',
      ar: 'هل يمكنني ترك الأمتعة قبل الوصول أو بعد المغادرة؟',
    },
    answers: {
      [TRIANA]: {
        es: 'Sí, puedes dejar las maletas en la consigna de la calle Betis 10, sin coste para nuestros huéspedes (enseña tu reserva).',
        en: 'Yes, you can leave your bags at the left-luggage point on Calle Betis 10, free for our guests (show your booking).',
        ar: 'نعم، يمكنك ترك الحقائب في نقطة التخزين في شارع بيتيس 10 مجانًا لضيوفنا (اعرض حجزك).',
      },
      [VILLA]: {
        es: 'Sí, puedes dejarlas en el cuarto de la lavadora, junto a la cancela: desde las 10:00 el día de llegada y hasta las 18:00 el día de salida.',
        en: 'Yes, you can leave them in the laundry room by the gate: from 10:00 on arrival day and until 18:00 on departure day.',
        ar: 'نعم، يمكنك تركها في غرفة الغسيل بجانب البوابة: من الساعة 10:00 يوم الوصول وحتى 18:00 يوم المغادرة.',
      },
    },
  },
  {
    key: 'quiet_hours',
    question: { es: '¿Hay horario de silencio?', en: 'Are there quiet hours?', ar: 'هل هناك ساعات هدوء؟' },
    answers: both({
      es: 'Sí, de 23:00 a 8:00 pedimos silencio por respeto a los vecinos. No se permiten fiestas.',
      en: 'Yes, from 23:00 to 8:00 please keep quiet out of respect for the neighbours. Parties are not allowed.',
      ar: 'نعم، من 23:00 إلى 8:00 نرجو الهدوء احترامًا للجيران. الحفلات غير مسموحة.',
    }),
  },
  {
    key: 'rubbish',
    question: { es: '¿Dónde se tira la basura?', en: 'Where do I put the rubbish?', ar: 'أين أضع القمامة؟' },
    answers: both({
      es: 'Los contenedores están al salir a la derecha, en la esquina. Separa envases (amarillo), papel (azul) y vidrio (verde).',
      en: 'The bins are to the right as you go out, on the corner. Please separate packaging (yellow), paper (blue) and glass (green).',
      ar: 'حاويات القمامة على اليمين عند الخروج عند الزاوية. يرجى فصل العبوات (أصفر) والورق (أزرق) والزجاج (أخضر).',
    }),
  },
  {
    key: 'checkout_procedure',
    question: {
      es: '¿Qué tengo que hacer al hacer el check-out?',
      en: 'What do I need to do when I check out?',
      ar: 'ماذا يجب أن أفعل عند المغادرة؟',
    },
    answers: both({
      es: 'Antes de salir: deja los platos fregados, la basura tirada, apaga el aire y las luces, cierra las ventanas y deja las llaves como se indica.',
      en: 'Before you leave: wash the dishes, take out the rubbish, switch off the AC and lights, close the windows and leave the keys as explained.',
      ar: 'قبل المغادرة: اغسل الأطباق وأخرج القمامة وأطفئ المكيف والأضواء وأغلق النوافذ واترك المفاتيح كما هو موضح.',
    }),
  },
  {
    key: 'key_return',
    question: {
      es: '¿Dónde dejo las llaves al irme?',
      en: 'Where do I leave the keys when I go?',
      ar: 'أين أترك المفاتيح عند المغادرة؟',
    },
    answers: {
      [TRIANA]: {
        es: 'Deja las llaves dentro de la caja de seguridad junto al portal y gira los números.',
        en: 'Leave the keys inside the lockbox next to the street door and scramble the numbers.',
        ar: 'اترك المفاتيح داخل صندوق الأمان بجانب باب المبنى وغيّر الأرقام.',
      },
      [VILLA]: {
        es: 'Deja las llaves sobre la mesa de la cocina y cierra la puerta al salir; la cancela se cierra sola.',
        en: 'Leave the keys on the kitchen table and pull the door shut behind you; the gate closes by itself.',
        ar: 'اترك المفاتيح على طاولة المطبخ وأغلق الباب خلفك، والبوابة تُغلق وحدها.',
      },
    },
  },
  {
    key: 'smoking',
    question: { es: '¿Se puede fumar?', en: 'Can I smoke?', ar: 'هل يُسمح بالتدخين؟' },
    answers: {
      [TRIANA]: {
        es: 'No se puede fumar dentro del apartamento; sí en el balcón, con la puerta cerrada.',
        en: 'Smoking is not allowed inside the apartment; you may smoke on the balcony with the door closed.',
        ar: 'التدخين ممنوع داخل الشقة، ومسموح في الشرفة مع إغلاق الباب.',
      },
      [VILLA]: {
        es: 'No se puede fumar dentro de la villa; sí en el jardín y la terraza (hay ceniceros).',
        en: 'Smoking is not allowed inside the villa; you may smoke in the garden and on the terrace (ashtrays provided).',
        ar: 'التدخين ممنوع داخل الفيلا، ومسموح في الحديقة والتراس (توجد منافض).',
      },
    },
  },
  {
    key: 'extra_bed',
    question: { es: '¿Hay cama supletoria?', en: 'Is there an extra bed?', ar: 'هل يوجد سرير إضافي؟' },
    answers: {
      [TRIANA]: {
        es: 'Sí, el sofá del salón es un sofá cama para una persona; las sábanas están en el altillo del armario.',
        en: 'Yes, the living-room sofa is a single sofa bed; the sheets are on the top shelf of the wardrobe.',
        ar: 'نعم، الكنبة في الصالة سرير لشخص واحد، والشراشف في الرف العلوي من الخزانة.',
      },
      [VILLA]: {
        es: 'La villa tiene cuatro dormitorios para ocho personas y no hay camas supletorias.',
        en: 'The villa has four bedrooms for eight people and no extra beds.',
        ar: 'في الفيلا أربع غرف نوم لثمانية أشخاص ولا توجد أسرّة إضافية.',
      },
    },
  },
  {
    key: 'pets',
    question: { es: '¿Se admiten mascotas?', en: 'Are pets allowed?', ar: 'هل يُسمح بالحيوانات الأليفة؟' },
    answers: {
      [VILLA]: {
        es: 'Sí, las mascotas son bienvenidas sin coste. Por favor, que no suban a las camas ni a los sofás y recoge sus excrementos en el jardín.',
        en: 'Yes, pets are welcome at no charge. Please keep them off the beds and sofas and pick up after them in the garden.',
        ar: 'نعم، الحيوانات الأليفة مرحب بها دون تكلفة. يرجى إبعادها عن الأسرّة والكنبات وتنظيف فضلاتها في الحديقة.',
      },
    },
  },
];

/** What the operator shares with guests at each demo property (bot_settings). */
export const demoBotSettings: Record<
  typeof TRIANA | typeof VILLA,
  { wifiName: string; wifiPassword: string; accessInstructions: LocalizedAnswer }
> = {
  [TRIANA]: {
    wifiName: 'SolDeTriana_5G',
    wifiPassword: 'Triana2026!',
    accessInstructions: {
      es: 'El portal está en la calle Betis 24. La llave está en la caja de seguridad gris junto al portal; el código te llega por aquí el día de llegada. El apartamento es el 2ºB (ascensor a la derecha).',
      en: 'The street door is at Calle Betis 24. The key is in the grey lockbox next to it; you get the code here on arrival day. The apartment is 2ºB (lift on the right).',
      ar: 'باب المبنى في شارع بيتيس 24. المفتاح في صندوق الأمان الرمادي بجانبه، وستصلك الرمز هنا يوم الوصول. الشقة في الطابق الثاني B (المصعد على اليمين).',
    },
  },
  [VILLA]: {
    wifiName: 'VillaMarAzul',
    wifiPassword: 'LasChapas7',
    accessInstructions: {
      es: 'Entra por la cancela de la calle del Mar 7. La puerta de la villa tiene cerradura con teclado: el código te llega por aquí el día de llegada.',
      en: 'Come in through the gate at Calle del Mar 7. The villa door has a keypad lock: you get the code here on arrival day.',
      ar: 'ادخل من البوابة في شارع البحر 7. باب الفيلا بقفل إلكتروني، وستصلك الرمز هنا يوم الوصول.',
    },
  },
};

/** Two questions guests asked that nobody has answered yet (pending), per property. */
export const demoPendingQuestions: Record<
  typeof TRIANA | typeof VILLA,
  { text: string; language: 'es' | 'en' | 'ar'; count: number }[]
> = {
  [TRIANA]: [
    { text: '¿Hay algún gimnasio cerca?', language: 'es', count: 2 },
    { text: 'Can we bring our dog?', language: 'en', count: 1 },
  ],
  [VILLA]: [
    { text: '¿Se puede usar la barbacoa del jardín?', language: 'es', count: 3 },
    { text: 'هل يوجد ملعب تنس قريب؟', language: 'ar', count: 1 },
  ],
};
