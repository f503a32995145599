import type {
  ConfirmationType,
  LocalizedText,
  PriceType,
  ServiceCategory,
  UpsellMoment,
} from '@posada/domain/experiences';

/**
 * The demo experiences store (issue 18): the providers and services of the subscribed demo account, and
 * when each property offers them. Property names are the demo properties of seed.ts.
 */

export type DemoProviderKey = 'transfers' | 'catering' | 'tours';

export const demoProviders: Record<
  DemoProviderKey,
  { name: string; country: string; phone: string; email: string; address: string }
> = {
  transfers: {
    name: 'Traslados Costa del Sol',
    country: 'ES',
    phone: '+34952781234',
    email: 'reservas.trasladoscostadelsol@example.com',
    address: 'Avenida de Velázquez 120, 29004 Málaga',
  },
  catering: {
    name: 'La Alacena de Triana (restaurante y catering)',
    country: 'ES',
    phone: '+34954221876',
    email: 'pedidos.laalacena@example.com',
    address: 'Calle Pureza 45, 41010 Sevilla',
  },
  tours: {
    name: 'Aventura Sur Tours',
    country: 'ES',
    phone: '+34655321478',
    email: 'hola.aventurasur@example.com',
    address: 'Paseo Marítimo Rey de España 52, 29640 Fuengirola',
  },
};

export const TRIANA = 'Apartamento Sol de Triana';
export const VILLA = 'Villa Mar Azul';

export type DemoServiceKey =
  | 'early_checkin'
  | 'late_checkout'
  | 'airport_transfer'
  | 'breakfast'
  | 'romantic'
  | 'massage'
  | 'kayak'
  | 'baby_kit'
  | 'alcazar'
  | 'bikes';

export interface DemoService {
  key: DemoServiceKey;
  name: string;
  title: LocalizedText;
  description: LocalizedText;
  category: ServiceCategory;
  /** Null: every property of the account. */
  property: string | null;
  provider: DemoProviderKey | null;
  confirmation: ConfirmationType;
  priceType: PriceType;
  /** EUR cents; 0 is free. */
  price: number;
  active: boolean;
  /** Gradient colour pairs of its photos (real JPEGs made at seed time, like the property photos). */
  photos: [string, string][];
  /** How often guests ask for it (relative weight) and the time they usually give. */
  popularity: number;
  time: string | null;
  /** What guests write, now and then. */
  notes: string[];
}

export const demoServices: DemoService[] = [
  {
    key: 'early_checkin',
    name: 'Entrada anticipada',
    title: {
      es: 'Entrada anticipada desde las 11:00',
      en: 'Early check-in from 11:00',
      ar: 'تسجيل وصول مبكر من الساعة 11:00',
    },
    description: {
      es: 'Llega antes y empieza tus vacaciones sin esperar: el alojamiento estará listo a partir de las 11:00 en lugar de las 14:00. Te confirmamos la disponibilidad antes de tu llegada.',
      en: 'Arrive earlier and start your holiday without waiting: the accommodation will be ready from 11:00 instead of 14:00. We confirm availability before you arrive.',
      ar: 'صل مبكرًا وابدأ عطلتك دون انتظار: سيكون مكان الإقامة جاهزًا من الساعة 11:00 بدلًا من 14:00. نؤكد لك التوفر قبل وصولك.',
    },
    category: 'checkin_checkout',
    property: null,
    provider: null,
    confirmation: 'manual',
    priceType: 'unit',
    price: 2500,
    active: true,
    photos: [
      ['#ffd6a5', '#ff8c42'],
      ['#fdffb6', '#e9c46a'],
    ],
    popularity: 2,
    time: '11:00',
    notes: ['Nuestro vuelo aterriza a las 9:30.', 'Venimos en coche desde Madrid, llegaremos sobre las 11.'],
  },
  {
    key: 'late_checkout',
    name: 'Salida tardía',
    title: { es: 'Salida tardía (por hora)', en: 'Late check-out (per hour)', ar: 'مغادرة متأخرة (بالساعة)' },
    description: {
      es: 'Disfruta de tu último día sin prisas: deja el alojamiento hasta cuatro horas después de las 12:00. Indica cuántas horas necesitas.',
      en: 'Enjoy your last day without rushing: leave the accommodation up to four hours after 12:00. Tell us how many hours you need.',
      ar: 'استمتع بيومك الأخير دون استعجال: غادر مكان الإقامة حتى أربع ساعات بعد الساعة 12:00. أخبرنا بعدد الساعات التي تحتاجها.',
    },
    category: 'checkin_checkout',
    property: null,
    provider: null,
    confirmation: 'automatic',
    priceType: 'hour',
    price: 1000,
    active: true,
    photos: [['#caf0f8', '#0077b6']],
    popularity: 2,
    time: '12:00',
    notes: ['Nuestro vuelo sale a las 18:00.'],
  },
  {
    key: 'airport_transfer',
    name: 'Traslado aeropuerto',
    title: { es: 'Traslado privado al aeropuerto', en: 'Private airport transfer', ar: 'نقل خاص إلى المطار' },
    description: {
      es: 'Un conductor te recoge en el alojamiento y te lleva a la terminal en un vehículo de hasta 7 plazas (o te espera a tu llegada con un cartel con tu nombre). Precio cerrado por trayecto, equipaje incluido.',
      en: 'A driver picks you up at the accommodation and takes you to the terminal in a vehicle for up to 7 people (or meets you on arrival with a sign bearing your name). Fixed price per trip, luggage included.',
      ar: 'يقلّك سائق من مكان الإقامة إلى صالة المطار في مركبة تتسع لسبعة أشخاص (أو ينتظرك عند وصولك حاملًا لافتة باسمك). سعر ثابت للرحلة شامل الأمتعة.',
    },
    category: 'transfer',
    property: null,
    provider: 'transfers',
    confirmation: 'manual',
    priceType: 'group',
    price: 5500,
    active: true,
    photos: [
      ['#adb5bd', '#212529'],
      ['#a2d2ff', '#3a0ca3'],
    ],
    popularity: 3,
    time: '09:30',
    notes: [
      'Somos 4 con dos maletas grandes.',
      'Vuelo IB3124 a las 13:40.',
      'Necesitamos una silla infantil.',
    ],
  },
  {
    key: 'breakfast',
    name: 'Cesta de desayuno',
    title: {
      es: 'Cesta de desayuno a domicilio',
      en: 'Breakfast basket delivered to your door',
      ar: 'سلة فطور تصلك إلى باب مكان إقامتك',
    },
    description: {
      es: 'Pan recién horneado, bollería, zumo de naranja natural, fruta de temporada, queso manchego, mermeladas caseras y café. La entregamos antes de las 9:00 del día que elijas.',
      en: 'Freshly baked bread, pastries, freshly squeezed orange juice, seasonal fruit, Manchego cheese, home-made jams and coffee. Delivered before 9:00 on the day you choose.',
      ar: 'خبز طازج ومعجنات وعصير برتقال طبيعي وفاكهة موسمية وجبن مانشيغو ومربى منزلي وقهوة. نوصلها قبل الساعة 9:00 في اليوم الذي تختاره.',
    },
    category: 'food_beverage',
    property: null,
    provider: 'catering',
    confirmation: 'automatic',
    priceType: 'person',
    price: 1200,
    active: true,
    photos: [
      ['#ffe5b4', '#d4a373'],
      ['#fefae0', '#bc6c25'],
      ['#f4acb7', '#9d8189'],
    ],
    popularity: 3,
    time: '08:30',
    notes: ['Uno de nosotros es celíaco.', 'Sin lactosa, por favor.'],
  },
  {
    key: 'romantic',
    name: 'Pack romántico',
    title: { es: 'Pack romántico', en: 'Romantic package', ar: 'باقة رومانسية' },
    description: {
      es: 'Una botella de cava, bombones artesanos y un ramo de rosas esperándote en el apartamento, con pétalos sobre la cama. Perfecto para aniversarios y escapadas en pareja.',
      en: 'A bottle of cava, artisan chocolates and a bouquet of roses waiting for you in the apartment, with petals on the bed. Perfect for anniversaries and getaways for two.',
      ar: 'زجاجة كافا وشوكولاتة حرفية وباقة ورد بانتظارك في الشقة، مع بتلات الورد على السرير. مثالية للاحتفال بالذكرى السنوية ورحلات الأزواج.',
    },
    category: 'romantic',
    property: TRIANA,
    provider: 'catering',
    confirmation: 'manual',
    priceType: 'unit',
    price: 6500,
    active: true,
    photos: [
      ['#ffafcc', '#c9184a'],
      ['#ffc8dd', '#800f2f'],
    ],
    popularity: 1,
    time: '17:00',
    notes: ['Es nuestro aniversario, ¡gracias!', 'Que sea sorpresa, por favor.'],
  },
  {
    key: 'massage',
    name: 'Masaje en la villa',
    title: {
      es: 'Masaje relajante en la villa',
      en: 'Relaxing massage at the villa',
      ar: 'تدليك للاسترخاء في الفيلا',
    },
    description: {
      es: 'Un fisioterapeuta titulado viene a la villa con camilla, aceites y música. Masaje relajante o descontracturante; elige el día, la hora y cuántas horas.',
      en: 'A qualified physiotherapist comes to the villa with a massage table, oils and music. Relaxing or deep-tissue massage; choose the day, the time and how many hours.',
      ar: 'يأتي إليك معالج فيزيائي مؤهل إلى الفيلا مع طاولة تدليك وزيوت وموسيقى. تدليك للاسترخاء أو لإرخاء العضلات؛ اختر اليوم والساعة وعدد الساعات.',
    },
    category: 'spa_health',
    property: VILLA,
    provider: null,
    confirmation: 'manual',
    priceType: 'hour',
    price: 7000,
    active: true,
    photos: [
      ['#d8f3dc', '#40916c'],
      ['#e9edc9', '#606c38'],
    ],
    popularity: 1,
    time: '18:00',
    notes: ['Masaje para dos personas, una después de otra.'],
  },
  {
    key: 'kayak',
    name: 'Excursión en kayak',
    title: {
      es: 'Ruta en kayak por la costa de Marbella',
      en: 'Kayak tour along the Marbella coast',
      ar: 'جولة بالكاياك على ساحل ماربيا',
    },
    description: {
      es: 'Dos horas y media de remo con guía entre calas y acantilados, con parada para bañarse y hacer snorkel. Incluye kayak, chaleco, equipo de snorkel y seguro. No hace falta experiencia.',
      en: 'Two and a half hours of guided paddling between coves and cliffs, with a stop to swim and snorkel. Kayak, life jacket, snorkelling gear and insurance included. No experience needed.',
      ar: 'ساعتان ونصف من التجديف مع مرشد بين الخلجان والمنحدرات، مع توقف للسباحة والغطس. يشمل الكاياك وسترة النجاة ومعدات الغطس والتأمين. لا حاجة إلى خبرة سابقة.',
    },
    category: 'activities',
    property: VILLA,
    provider: 'tours',
    confirmation: 'manual',
    priceType: 'person',
    price: 3500,
    active: true,
    photos: [
      ['#90e0ef', '#0096c7'],
      ['#48cae4', '#03045e'],
      ['#ffd166', '#06d6a0'],
    ],
    popularity: 2,
    time: '10:00',
    notes: ['Vamos con dos niños de 10 y 12 años.'],
  },
  {
    key: 'baby_kit',
    name: 'Kit bebé',
    title: {
      es: 'Cuna y trona para bebé',
      en: 'Baby cot and high chair',
      ar: 'سرير أطفال وكرسي مرتفع للرضّع',
    },
    description: {
      es: 'Viajar con los peques es más fácil: dejamos montadas una cuna de viaje con sábanas y una trona antes de tu llegada. Sin coste.',
      en: 'Travelling with little ones is easier: we set up a travel cot with sheets and a high chair before you arrive. Free of charge.',
      ar: 'السفر مع الصغار أسهل: نجهّز لك سرير سفر مع الملاءات وكرسيًا مرتفعًا قبل وصولك. مجانًا.',
    },
    category: 'family',
    property: null,
    provider: null,
    confirmation: 'automatic',
    priceType: 'unit',
    price: 0,
    active: true,
    photos: [['#bde0fe', '#cdb4db']],
    popularity: 1,
    time: null,
    notes: ['El bebé tiene 8 meses.'],
  },
  {
    key: 'alcazar',
    name: 'Visita guiada Alcázar',
    title: {
      es: 'Visita guiada al Real Alcázar y la Catedral',
      en: 'Guided tour of the Royal Alcázar and the Cathedral',
      ar: 'جولة مع مرشد في قصر إشبيلية الملكي والكاتدرائية',
    },
    description: {
      es: 'Tres horas con un guía oficial por el Real Alcázar y la Catedral de Sevilla, con entradas sin colas incluidas. Grupos reducidos, en español o inglés.',
      en: 'Three hours with an official guide through the Royal Alcázar and Seville Cathedral, skip-the-line tickets included. Small groups, in Spanish or English.',
      ar: 'ثلاث ساعات مع مرشد رسمي في قصر إشبيلية الملكي وكاتدرائية إشبيلية، مع تذاكر دخول دون انتظار. مجموعات صغيرة، باللغة الإسبانية أو الإنجليزية.',
    },
    category: 'art_culture',
    property: TRIANA,
    provider: 'tours',
    confirmation: 'automatic',
    priceType: 'person',
    price: 3900,
    active: true,
    photos: [
      ['#e76f51', '#6a040f'],
      ['#f4a261', '#9c6644'],
    ],
    popularity: 2,
    time: '10:30',
    notes: ['En inglés, por favor.'],
  },
  {
    key: 'bikes',
    name: 'Alquiler de bicicletas',
    title: { es: 'Alquiler de bicicletas', en: 'Bike rental', ar: 'تأجير الدراجات الهوائية' },
    description: {
      es: 'Bicicletas de paseo con casco, candado y cesta, entregadas en el alojamiento. Precio por día; ideales para recorrer el carril bici junto al río.',
      en: 'City bikes with helmet, lock and basket, delivered to the accommodation. Price per day; ideal for riding the cycle lane along the river.',
      ar: 'دراجات للتنزّه مع خوذة وقفل وسلة، تُسلَّم في مكان الإقامة. السعر لليوم الواحد؛ مثالية لركوب مسار الدراجات بجانب النهر.',
    },
    category: 'activities',
    property: TRIANA,
    provider: 'tours',
    confirmation: 'automatic',
    priceType: 'day',
    price: 1500,
    // Paused for the winter: shows how an inactive service looks.
    active: false,
    photos: [['#b7e4c7', '#1b4332']],
    popularity: 0,
    time: null,
    notes: [],
  },
];

/** When each demo property offers which services (upsell_settings): 3 each. */
export const demoUpsell: Record<
  string,
  { moment: UpsellMoment; days: number | null; services: DemoServiceKey[] }[]
> = {
  [TRIANA]: [
    { moment: 'checkin_done', days: null, services: ['breakfast', 'romantic', 'alcazar'] },
    { moment: 'before_arrival', days: 2, services: ['airport_transfer', 'early_checkin', 'breakfast'] },
  ],
  [VILLA]: [
    { moment: 'checkin_done', days: null, services: ['breakfast', 'massage', 'kayak'] },
    { moment: 'before_arrival', days: 2, services: ['airport_transfer', 'early_checkin', 'baby_kit'] },
  ],
};
