import { canon, isStopword, normaliseText, tokens } from './normalise.ts';

/**
 * The concierge's cross-language concept lexicon (docs/concierge.md, Engines): the words a guest and an
 * operator use for the same thing in Spanish, English and Arabic name one concept, so "wifi?",
 * "contraseña de la red" and "كلمة سر الواي فاي" all meet the operator's "Wi-Fi" answer. A *topic* is what
 * a question is about (an answer must cover every topic the guest names); a *modifier* only refines it
 * (when, how much, nearby, how). Phrases are matched before single words, longest first.
 */
interface Concept {
  modifier?: boolean;
  terms: string;
}

const concepts: Record<string, Concept> = {
  wifi: {
    terms: `wifi | wi fi | wify | wiffi | wiifi | wlan | internet | red wifi | la red | contraseña | contrasena |
      clave wifi | clave del wifi | password | passwort | network | router | واي فاي | وايفاي | واي | الواي فاي |
      انترنت | إنترنت | الانترنت | شبكه | كلمه السر | كلمة السر | كلمة المرور | الباسورد | باسورد | رمز الواي فاي`,
  },
  parking: {
    terms: `parking | parkin | parquin | aparcar | aparco | aparcamos | aparcamiento | estacionar |
      estacionamiento | garaje | garage | coche | car | vehiculo | موقف | مواقف | موقف سيارات | ركن | اركن |
      باركينج | باركنج | سياره | سيارتي | جراج | كراج`,
  },
  late_checkout: {
    terms: `late check out | late checkout | checkout late | check out late | check out later | checkout later |
      salida tardia | salida tarde | salir mas tarde | salir tarde | irnos mas tarde | leave later | leave late |
      stay longer | stay later | quedarnos mas | quedarme mas | مغادره متاخره | المغادره متاخرا | تاخير المغادره |
      الخروج متاخرا | مغادره متاخر | اغادر متاخرا | نغادر متاخرا | البقاء لوقت اطول`,
  },
  early_checkin: {
    terms: `early check in | early checkin | check in early | check in earlier | checkin early | entrada anticipada |
      entrada temprana | llegar antes | llegar temprano | llegar mas temprano | entrar antes | arrive early |
      arrive earlier | arriving early | come early | وصول مبكر | الوصول مبكرا | دخول مبكر | الدخول مبكرا |
      نصل مبكرا | اصل مبكرا | تسجيل وصول مبكر`,
  },
  checkin: {
    terms: `check in | checkin | chek in | checking | llegada | llegar | llego | llegamos | entrada | arrival | arrive |
      arriving | وصول | الوصول | تسجيل الدخول | تسجيل الوصول | اصل | نصل | موعد الوصول`,
  },
  checkout: {
    terms: `dejar la casa | dejar el piso | dejar el apartamento | dejar la villa | leave the house | leave the flat | leave the apartment | ultimo dia | el ultimo dia | last day | our last day | اخر يوم | يوم المغادره | irnos | irme | nos vamos | nos vayamos | leave | leaving | we leave | marcharnos | check out | checkout | chek out | salida | salir | salimos | departure | depart | مغادره | المغادره |
      تسجيل الخروج | الخروج | اغادر | نغادر | موعد المغادره`,
  },
  time: {
    modifier: true,
    terms: `hora | horas | horario | a que hora | time | what time | when | cuando | ساعه | وقت | متي | الساعه | موعد`,
  },
  towels: { terms: 'toalla | toallas | towel | towels | مناشف | منشفه | فوط | فوطه | بشكير' },
  linen: {
    terms: `sabana | sabanas | ropa de cama | sheets | bed linen | linen | bedding | cambio de sabanas | شراشف |
      ملاءات | ملايات | اغطيه السرير | بياضات | مفارش`,
  },
  cleaning: { terms: 'limpieza | limpiar | clean | cleaning | housekeeping | تنظيف | نظافه | ينظف' },
  breakfast: { terms: 'desayuno | desayunar | breakfast | فطور | افطار | الفطور | الافطار' },
  supermarket: {
    terms: `supermercado | super | tienda | comprar | compras | mercado | grocery | groceries | supermarket | shop |
      shopping | buy | سوبرماركت | سوبر ماركت | بقاله | متجر | تسوق | بقالة`,
  },
  beach: { terms: 'playa | playas | beach | beaches | شاطئ | شاطي | الشاطئ | البحر | بحر' },
  pool: { terms: 'piscina | pool | swimming | swim | bañarse | مسبح | حمام السباحه | سباحه | المسبح' },
  pharmacy: { terms: 'farmacia | pharmacy | chemist | drugstore | medicine | medicinas | صيدليه | دواء' },
  restaurant: {
    terms: `restaurante | restaurantes | restaurant | comer | cenar | cena | eat | dinner | lunch |
      tapas | مطعم | مطاعم | عشاء | غداء | ناكل`,
  },
  aircon: {
    terms: `aire acondicionado | aire | ac | a c | air conditioning | air conditioner | aircon | air con |
      climatizacion | mando del aire | مكيف | تكييف | التكييف | المكيف`,
  },
  heating: {
    terms: `calefaccion | calefactor | radiador | heating | heater | radiator | frio | cold | تدفئه | التدفئه |
      دفايه | مدفاه | بارد | برد`,
  },
  dishwasher: { terms: 'lavavajillas | lavaplatos | dishwasher | غساله صحون | غساله الصحون | جلايه' },
  washing: {
    terms: `lavadora | lavar ropa | lavar la ropa | colada | washing machine | washer | laundry | wash clothes |
      غساله | الغساله | غسيل | غسل الملابس | غساله ملابس`,
  },
  kitchen: {
    terms: `cocina | cocinar | kitchen | cook | cooking | stove | hob | vitro | vitroceramica | horno | oven |
      microwave | microondas | nevera | frigorifico | fridge | utensilios | ollas | sarten | pans | pots |
      مطبخ | طبخ | فرن | ثلاجه | ميكروويف | اطبخ`,
  },
  luggage: {
    terms: `equipaje | maleta | maletas | consigna | luggage | bags | baggage | suitcase | suitcases |
      left luggage | امتعه | حقائب | حقيبه | الشنط | شنط`,
  },
  quiet: {
    terms: `ruido | ruidos | silencio | quiet | noise | noisy | fiesta | party | musica | music | هدوء | ضوضاء |
      ازعاج | حفله | صوت عالي`,
  },
  rubbish: {
    terms: `basura | basuras | reciclaje | reciclar | contenedor | rubbish | trash | garbage | bin | bins |
      recycling | recycle | waste | قمامه | زباله | النفايات | نفايات | القمامه`,
  },
  key: { terms: 'llave | llaves | key | keys | مفتاح | مفاتيح | المفتاح | المفاتيح' },
  smoking: {
    terms: `fumar | fumo | fumador | tabaco | cigarro | cigarrillo | smoke | smoking | smoker | cigarette |
      cigarettes | vape | تدخين | دخان | سجائر | ادخن | سيجاره`,
  },
  extrabed: {
    terms: `cama supletoria | cama extra | camas extra | supletoria | sofa cama | extra bed | rollaway |
      sofa bed | folding bed | سرير اضافي | سرير إضافي | كنبه سرير`,
  },
  baby: {
    terms: `cuna | trona | bebe | baby | cot | crib | high chair | highchair | سرير اطفال | سرير طفل | رضيع |
      كرسي اطفال`,
  },
  address: {
    terms: `codigo postal | postcode | post code | postal code | zip code | zip | الرمز البريدي | direccion | ubicacion | localizacion | address | location | located | maps | google maps | ubicados |
      situado | عنوان | العنوان | موقع | الموقع`,
  },
  access: {
    terms: `accedo | accedemos | entro | entramos | entrais | get into | getting in | let ourselves in | let us in | acceder a | acceder | acceso | entrar | get in | access | enter | entrance | portal | key box | keybox | lockbox |
      caja de llaves | cajetin | open the door | abrir la puerta | دخول | الدخول | مدخل | ادخل | ندخل |
      صندوق المفاتيح | افتح الباب`,
  },
  code: {
    terms: `codigo | code | pin | combinacion | combination | passcode | رمز | الرمز | كود | الكود | رقم سري |
      الرقم السري`,
  },
  door: { terms: 'puerta | door | باب | الباب | cerradura | lock | قفل' },
  link: { terms: 'enlace | link | url | formulario | form | رابط | الرابط | استماره | نموذج' },
  registration: {
    terms: `registro | registrar | registration | register | pasaporte | passport | dni | documento | documentos |
      documents | تسجيل | جواز | جواز السفر`,
  },
  again: {
    modifier: true,
    terms:
      'otra vez | de nuevo | again | resend | reenviar | reenvia | volver a enviar | مره اخري | ثانيه | ارسال مجددا',
  },
  late: {
    modifier: true,
    terms: 'tarde | mas tarde | late | later | longer | mas tiempo | متاخر | متاخره | متاخرا | لاحقا | تاخير',
  },
  day: {
    modifier: true,
    terms: `dia | dias | day | days | hoy | today | mañana | tomorrow | noche | noches | night | nights | يوم | ايام |
      اليوم | غدا | بكره | ليله | ليالي`,
  },
  early: {
    modifier: true,
    terms: 'temprano | pronto | antes | early | earlier | sooner | before | مبكر | مبكرا | باكرا | قبل',
  },
  human: {
    terms: `صاحب | صاحب البيت | صاحب الشقه | persona | humano | persona real | agente | operador | anfitrion | dueño | dueno | propietario |
      host | owner | human | person | real person | agent | staff | manager | someone | somebody | موظف |
      alguien | alguien del equipo | con alguien | team member | someone from the team | احد الموظفين | احد من الفريق |
      شخص | انسان | المضيف | مضيف | المالك | مسؤول | بشري`,
  },
  talk: {
    modifier: true,
    terms: `hablar | hablar con | talk | talk to | speak | speak to | call | llamar | llamada | تكلم | اتكلم |
      اتحدث | التحدث | اتصل | اتصال | اكلم`,
  },
  transfer: {
    terms: `taxi | uber | cabify | transfer | traslado | shuttle | aeropuerto | airport | pick up | recogida |
      تاكسي | مطار | المطار | توصيل | نقل`,
  },
  tour: {
    terms: `tour | tours | excursion | excursiones | visita guiada | guided tour | guia | guide | sightseeing |
      جوله | رحله | جولات | مرشد`,
  },
  bike: {
    terms: 'bici | bicis | bicicleta | bicicletas | bike | bikes | bicycle | cycling | دراجه | دراجات',
  },
  massage: { terms: 'masaje | masajes | massage | fisioterapeuta | مساج | تدليك' },
  kayak: { terms: 'kayak | kayaks | canoa | paddle | snorkel | كاياك | قوارب' },
  romantic: {
    terms: `romantico | romantica | romantic | aniversario | anniversary | cava | champagne | flores | flowers |
      rosas | roses | رومانسي | رومانسيه | ذكري | ورود`,
  },
  gym: { terms: 'gimnasio | gym | fitness | workout | صاله رياضيه | جيم | نادي رياضي | رياضه' },
  pets: {
    terms: `mascota | mascotas | perro | perros | perrito | gato | gatos | pet | pets | dog | dogs | cat | cats |
      حيوان | حيوانات | حيوان اليف | حيوانات اليفه | كلب | قطه`,
  },
  discount: {
    terms: `codigo de descuento | codigo promocional | discount code | promo code | voucher | كود خصم | descuento | rebaja | mas barato | oferta | discount | cheaper | deal | promo | coupon | cupon | خصم |
      تخفيض | ارخص`,
  },
  elevator: { terms: 'ascensor | elevator | lift | مصعد | اسانسير' },
  price: {
    modifier: true,
    terms: `precio | cuesta | cuestan | cuanto cuesta | cuanto | coste | cost | costs | price | how much | fee |
      charge | cobrais | cobran | gratis | gratuito | free | pagar | pay | euros | eur | سعر | كم | تكلفه |
      مجاني | مجانا | ادفع | بكم`,
  },
  nearby: {
    modifier: true,
    terms: `cerca | cercano | cercana | near | nearby | close | closest | nearest | around | walking distance |
      قريب | قريبه | بالقرب | اقرب`,
  },
  howto: {
    modifier: true,
    terms: `que hay que hacer | what do we need to do | what do i need to do | what should we do | what should i do | ماذا يجب ان افعل | ماذا يجب ان نفعل | como | how | how do | what do i do | que hago | que tengo que hacer | procedimiento | instructions |
      instrucciones | steps | pasos | كيف | طريقه | ماذا افعل`,
  },
  booking: {
    terms: `reserva | mi reserva | reservation | my booking | our booking | the booking | booking dates | fechas | dates | my dates |
      اقامتي | تواريخ | تواريخ الحجز`,
  },
  request: {
    modifier: true,
    terms: `pedir | pido | encargar | reservar | contratar | order | book | would like | id like | request |
      اطلب | احجز | طلب | حجز`,
  },
  broken: {
    terms: `no enfria | no calienta | no sale agua | doesnt cool | not cooling | not heating | doesnt heat | لا يبرد | ما يبرد | لا يسخن | ما يسخن | لا يشتغل | no funciona | no va | no furula | roto | rota | averiado | averiada | broken | not working |
      doesnt work | does not work | isnt working | stopped working | problem | problema | issue | لا يعمل |
      معطل | خربان | مشكله | عطل | لا تعمل | ما يشتغل`,
  },
  doctor: {
    terms: `medico | hospital | urgencias | doctor | emergency | ambulance | ambulancia | centro de salud | طبيب |
      مستشفي | طوارئ | اسعاف`,
  },
  tv: { terms: 'tele | television | tv | netflix | canales | channels | smart tv | تلفزيون | تلفاز | شاشه' },
  hairdryer: { terms: 'secador | hair dryer | hairdryer | hairdrier | مجفف شعر | مجفف الشعر | سشوار' },
  iron: { terms: 'plancha | planchar | iron | ironing | مكواه' },
  bbq: { terms: 'barbacoa | bbq | barbecue | grill | شواء | مشاوي' },
  transport: {
    terms: `autobus | bus | metro | tren | train | station | estacion | transporte publico | public transport |
      tram | tranvia | حافله | باص | مترو | قطار | محطه`,
  },
  hotwater: { terms: 'agua caliente | hot water | ماء ساخن | مياه ساخنه | ماء حار' },
  coffee: { terms: 'cafe | cafetera | coffee | coffee machine | nespresso | capsulas | capsules | قهوه' },
  safe: { terms: 'caja fuerte | safe box | safe | خزنه' },
  lost: { terms: 'perdido | perdi | he perdido | lost | lose | فقدت | ضاع | ضيعت' },
  invoice: { terms: 'factura | invoice | receipt | recibo | فاتوره | ايصال' },
  cancel: { terms: 'cancelar | cancelacion | cancel | cancellation | refund | reembolso | الغاء | استرداد' },
  rules: {
    terms: `normas | reglas | politica | politicas | condiciones | policies | policy | rules | house rules |
      قواعد | شروط | سياسه | قوانين`,
  },
  guests: {
    terms: 'huespedes | visitas | visitors | visitantes | guests | people | personas | زوار | ضيوف | اشخاص',
  },
  booking_ref: {
    terms: `codigo de reserva | numero de reserva | mi numero de reserva | localizador | my booking number |
      my booking reference | my reservation number | our booking number | booking code | booking number | booking reference |
      confirmation number | reservation number | رقم الحجز | رمز الحجز`,
  },
  diet: {
    terms: `vegano | vegana | vegetariano | vegetariana | sin gluten | celiaco | halal | kosher | vegan |
      vegetarian | gluten free | gluten | allergy | alergia | حلال | نباتي | خالي من الغلوتين`,
  },
  heated: { terms: 'climatizada | climatizado | heated | temperada | مدفا | مدفأ | دافئ' },
  flight: { terms: 'vuelo | vuelos | flight | flights | avion | plane | طيران | الطائره | رحله طيران' },
  balcony: { terms: 'terraza | balcon | balcony | terrace | شرفه | بلكونه | تراس' },
  umbrella: {
    terms:
      'sombrilla | sombrillas | hamaca | hamacas | tumbona | tumbonas | sunbed | sunbeds | umbrella | مظله | كرسي شاطئ',
  },
};

export type ConceptId = keyof typeof concepts;

const MAX_PHRASE = 6;
/** Canonical phrase (canon of each word, space-joined) → concept id. */
const phraseIndex = new Map<string, string>();
/** Single-word lexicon entries (canonical), for typo matching. */
const singleWords: { word: string; concept: string }[] = [];

for (const [id, concept] of Object.entries(concepts)) {
  for (const raw of concept.terms.split('|')) {
    const words = tokens(normaliseText(raw)).map(canon);
    if (words.length === 0 || words.length > MAX_PHRASE) continue;
    const key = words.join(' ');
    if (!phraseIndex.has(key)) phraseIndex.set(key, id);
    if (words.length === 1 && (words[0] as string).length >= 4)
      singleWords.push({ word: words[0] as string, concept: id });
  }
}

/** Whether a concept only refines a question (when, how much, nearby, how…). */
export function isModifier(concept: string): boolean {
  return concepts[concept]?.modifier === true;
}

/** The number of concepts (docs and tests). */
export const conceptCount = Object.keys(concepts).length;

/** Edit distance with transpositions, stopping once past `max`. */
function withinDistance(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    (rows[i] as number[])[0] = i;
  }
  for (let j = 0; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const prev = rows[i - 1] as number[];
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return false;
  }
  return ((rows[a.length] as number[])[b.length] as number) <= max;
}

const typoCache = new Map<string, string | null>();

/** The concept a misspelt word most likely names ("contraseñia", "toallaz"), only for words of 5+ letters. */
function conceptByTypo(word: string): string | null {
  if (word.length < 7 || /\d/.test(word)) return null;
  const cached = typoCache.get(word);
  if (cached !== undefined) return cached;
  const max = word.length >= 10 ? 2 : 1;
  let found: string | null = null;
  for (const entry of singleWords) {
    if (entry.word.length >= 6 && entry.word[0] === word[0] && withinDistance(word, entry.word, max)) {
      found = entry.concept;
      break;
    }
  }
  if (typoCache.size > 5000) typoCache.clear();
  typoCache.set(word, found);
  return found;
}

/** A term of an analysed text: a concept ("#wifi") or a canonical word. */
export interface Term {
  term: string;
  concept: boolean;
  modifier: boolean;
}

/**
 * A text as the retrieval sees it: concepts for the words the lexicon knows (phrases first), canonical
 * words for the rest, stopwords dropped. `typos`: also read a misspelt word as the concept it is closest to
 * (the guest's message; an operator's text is read as written).
 */
export function analyse(text: string, opts: { typos?: boolean } = {}): Term[] {
  const words = tokens(normaliseText(text));
  const canonical = words.map(canon);
  const out: Term[] = [];
  const seen = new Set<string>();
  const push = (term: string, concept: boolean) => {
    if (seen.has(term)) return;
    seen.add(term);
    out.push({ term, concept, modifier: concept && isModifier(term.slice(1)) });
  };
  for (let i = 0; i < words.length; ) {
    let matched = 0;
    for (let length = Math.min(MAX_PHRASE, words.length - i); length >= 1; length--) {
      const key = canonical.slice(i, i + length).join(' ');
      const concept =
        phraseIndex.get(key) ?? (length === 1 ? phraseIndex.get(words[i] as string) : undefined);
      if (concept) {
        push(`#${concept}`, true);
        matched = length;
        break;
      }
    }
    if (matched > 0) {
      i += matched;
      continue;
    }
    const word = words[i] as string;
    i++;
    if (isStopword(word)) continue;
    const typo = opts.typos ? conceptByTypo(canon(word)) : null;
    if (typo) push(`#${typo}`, true);
    else if (canon(word).length >= 2) push(canon(word), false);
  }
  return out;
}
