import type { ConciergeLanguage } from '@posada/domain/concierge';

/**
 * Multilingual normalisation for the concierge's retrieval (docs/concierge.md, Engines): the guest's words
 * and the operator's are reduced to the same forms in Spanish, English and Arabic, so "Contraseña" and
 * "contrasena", "الواي فاي" and "واي فاي", "towels" and "towel" meet. Pure functions, no tables.
 */

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * Lower case; Latin letters without accents (NFD, marks dropped: á→a, ñ→n); Arabic without tashkeel,
 * tatweel or hamza marks (alef forms → ا, ؤ → و, ئ → ي), ta marbuta → ha, alef maqsura → ya, Persian
 * letters → Arabic, Eastern digits → 0-9; apostrophes dropped ("don't" → "dont"), any other punctuation a
 * space; spaces collapsed.
 */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(ARABIC_DIGITS, (d) => String((d.charCodeAt(0) - (d >= '\u06F0' ? 0x06f0 : 0x0660)) % 10))
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\u0640/g, '')
    .replace(/\u0671/g, 'ا')
    .replace(/\u0629/g, 'ه')
    .replace(/\u0649/g, 'ي')
    .replace(/\u06CC/g, 'ي')
    .replace(/\u06A9/g, 'ك')
    .replace(/['’`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a normalised text. */
export function tokens(normalised: string): string[] {
  return normalised.split(' ').filter((t) => t.length > 0);
}

const ARABIC = /[\u0600-\u06FF]/;

/** The Arabic definite article and the attached prefixes و ب ل ف ك (only when a stem of 2+ letters is left). */
function stripArabicPrefix(token: string): string {
  for (const p of ['وال', 'بال', 'فال', 'كال', 'لل']) {
    if (token.startsWith(p) && token.length - p.length >= 2) return token.slice(p.length);
  }
  if (token.startsWith('ال') && token.length - 2 >= 2) return token.slice(2);
  if (/^[وبل]/.test(token) && token.length >= 5) {
    const rest = token.slice(1);
    return rest.startsWith('ال') && rest.length - 2 >= 2 ? rest.slice(2) : rest;
  }
  return token;
}

/** Light Arabic suffixes: plurals and attached pronouns, then a final ه or ي. */
function stemArabic(token: string): string {
  let t = token;
  for (const s of ['ات', 'ون', 'ين', 'ها', 'هم', 'كم', 'نا']) {
    if (t.endsWith(s) && t.length - s.length >= 3) {
      t = t.slice(0, -s.length);
      break;
    }
  }
  if (/[هي]$/.test(t) && t.length >= 4) t = t.slice(0, -1);
  return t;
}

/** Light Spanish and English suffixes: plurals, -ing, -ed (the same rule on both sides is what counts). */
function stemLatin(token: string): string {
  if (/^\d+$/.test(token)) return token;
  if (token.length >= 6 && token.endsWith('ing')) return token.slice(0, -3);
  if (token.length >= 5 && token.endsWith('ies')) return `${token.slice(0, -3)}y`;
  if (token.length >= 5 && token.endsWith('ed')) return token.slice(0, -2);
  if (token.length >= 5 && /[^aeiou]es$/.test(token) && !token.endsWith('ses')) return token.slice(0, -2);
  if (token.length >= 4 && token.endsWith('s') && !token.endsWith('ss')) return token.slice(0, -1);
  return token;
}

/** A word's canonical form: Arabic prefixes and suffixes, or Latin suffixes, stripped. */
export function canon(token: string): string {
  return ARABIC.test(token) ? stemArabic(stripArabicPrefix(token)) : stemLatin(token);
}

const stopwordList = {
  es: `a al algo algun alguna alguno algunos ante con como de del desde donde el ella en entre era es esa ese
    eso esta estan este esto estoy fue ha han has hay he la las le les lo los me mi mis muy nos nosotros o os
    para pero por porque que se sea ser si sin sobre son su sus te ti tu tus tiene tienen tengo tenemos tenéis
    un una uno unos unas y ya yo puedo puede pueden podemos podria podriamos hola buenas buenos dias tardes
    noches gracias favor porfa vale saludos quiero quisiera queria querria saber pregunta preguntar duda
    alguien hacer haber estar esta estais usted ustedes vosotros vuestro vuestra nuestro nuestra aqui alli ahi
    cual cuales cuanto mas menos tambien todo toda todos todas otro otra ver necesito necesitamos hace
    hasta apartamento piso casa villa alojamiento edificio oye mira muchas mucho preguntita consulta perdona
    perdon disculpa disculpe rapida usar utilizar`,
  en: `a about an and any anything are as at be been but by can could did do does for from get got had has
    have hello hey hi how i id if im in into is it its just know let lets me my need no not of on or our
    please pls plz so some than thank thanks that the their them then there these they this to too us was
    we were what which who will with would you your yours wondering wonder question ask asking wanted want
    do dont does there theres here something anyone ok okay also one much where why guys hiya morning
    evening afternoon apartment flat house home villa building property place quick just so much sorry
    excuse use using`,
  ar: `في من على الى إلى عن مع هل ما ماذا هذا هذه ذلك تلك هناك هنا أو او و ثم لا لم لن انا أنا نحن انت أنت
    انتم أنتم هو هي كان يكون يوجد توجد عندكم عندك لديكم لديك ممكن يمكن يمكنني يمكننا أستطيع استطيع نستطيع
    مرحبا اهلا أهلا السلام عليكم شكرا شكرًا فضلك لو سمحت من فضلك اريد أريد نريد اعرف أعرف سؤال الرجاء رجاء
    كل بعض اي أي التي الذي لي لنا لكم به بها فيه فيها عند اذا إذا كيفية أين اين وين فين بيت البيت منزل شقه الشقه فيلا الفيلا مبني لازم مساء صباح الخير النور بسيط سريع عفوا استخدام`,
};

const STOPWORDS = new Set<string>();
for (const list of Object.values(stopwordList)) {
  for (const word of list.split(/\s+/)) {
    const n = normaliseText(word);
    if (n) STOPWORDS.add(n);
  }
}

/** A word that says nothing about what the guest asks (articles, greetings, "can I", "is there"…). */
export function isStopword(token: string): boolean {
  return STOPWORDS.has(token) || STOPWORDS.has(canon(token));
}

/**
 * The key a guest's unanswered question is stored under (bot_questions.asked_key): the same question
 * asked with other capitals, accents, tashkeel or punctuation counts as a repeat.
 */
export function normaliseQuestion(text: string, _language: ConciergeLanguage): string {
  return Array.from(normaliseText(text)).slice(0, 300).join('').trim();
}
