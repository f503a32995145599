import { type Locale, translate } from '../../i18n/messages.ts';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

interface Copy {
  subject: string;
  greeting: (name: string) => string;
  intro: string;
  button: string;
  expiry: string;
  ignore: string;
}

const confirmationCopy: Record<Locale, Copy> = {
  es: {
    subject: 'Confirma tu cuenta de Posada',
    greeting: (name) => `Hola, ${name}:`,
    intro: 'Gracias por registrarte en Posada. Tu prueba gratuita de 14 días ya ha empezado, sin tarjeta.',
    button: 'Confirmar mi correo',
    expiry: 'Confirma tu correo con este enlace. Caduca en 48 horas:',
    ignore: 'Si no has creado una cuenta en Posada, ignora este mensaje.',
  },
  en: {
    subject: 'Confirm your Posada account',
    greeting: (name) => `Hello ${name},`,
    intro: 'Thank you for signing up to Posada. Your 14-day free trial has started, no card needed.',
    button: 'Confirm my e-mail',
    expiry: 'Confirm your e-mail address with this link. It expires in 48 hours:',
    ignore: 'If you did not create a Posada account, ignore this message.',
  },
  ar: {
    subject: 'أكّد حسابك في Posada',
    greeting: (name) => `مرحبًا ${name}،`,
    intro: 'شكرًا لتسجيلك في Posada. بدأت فترتك التجريبية المجانية لمدة 14 يومًا، دون الحاجة إلى بطاقة.',
    button: 'تأكيد بريدي الإلكتروني',
    expiry: 'أكّد بريدك الإلكتروني عبر هذا الرابط. تنتهي صلاحيته خلال 48 ساعة:',
    ignore: 'إذا لم تنشئ حسابًا في Posada، فتجاهل هذه الرسالة.',
  },
};

const resetCopy: Record<Locale, Copy> = {
  es: {
    subject: 'Restablece tu contraseña de Posada',
    greeting: (name) => `Hola, ${name}:`,
    intro: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Posada.',
    button: 'Elegir una contraseña nueva',
    expiry: 'Elige una contraseña nueva con este enlace. Solo funciona una vez y caduca en 1 hora:',
    ignore: 'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.',
  },
  en: {
    subject: 'Reset your Posada password',
    greeting: (name) => `Hello ${name},`,
    intro: 'We received a request to reset the password of your Posada account.',
    button: 'Choose a new password',
    expiry: 'Choose a new password with this link. It works once and expires in 1 hour:',
    ignore: 'If you did not ask for this, ignore this message: your password will not change.',
  },
  ar: {
    subject: 'إعادة تعيين كلمة المرور في Posada',
    greeting: (name) => `مرحبًا ${name}،`,
    intro: 'تلقّينا طلبًا لإعادة تعيين كلمة المرور لحسابك في Posada.',
    button: 'اختيار كلمة مرور جديدة',
    expiry: 'اختر كلمة مرور جديدة عبر هذا الرابط. يعمل مرة واحدة فقط وتنتهي صلاحيته خلال ساعة واحدة:',
    ignore: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: لن تتغير كلمة المرور.',
  },
};

const signInCopy: Record<Locale, Copy> = {
  es: {
    subject: 'Tu enlace para entrar en Posada',
    greeting: (name) => `Hola, ${name}:`,
    intro:
      'Has pedido entrar en Posada sin contraseña, por ejemplo porque tu conexión tiene los intentos bloqueados.',
    button: 'Entrar en Posada',
    expiry: 'Entra con este enlace. Solo funciona una vez y caduca en 15 minutos:',
    ignore: 'Si no lo has pedido tú, ignora este mensaje: nadie entra sin este enlace.',
  },
  en: {
    subject: 'Your link to sign in to Posada',
    greeting: (name) => `Hello ${name},`,
    intro:
      'You asked to sign in to Posada without a password, for example because your connection is locked out.',
    button: 'Sign in to Posada',
    expiry: 'Sign in with this link. It works once and expires in 15 minutes:',
    ignore: 'If you did not ask for this, ignore this message: nobody gets in without this link.',
  },
  ar: {
    subject: 'رابط الدخول إلى Posada',
    greeting: (name) => `مرحبًا ${name}،`,
    intro: 'طلبت الدخول إلى Posada من دون كلمة مرور، مثلًا لأن محاولات اتصالك محظورة مؤقتًا.',
    button: 'الدخول إلى Posada',
    expiry: 'ادخل عبر هذا الرابط. يعمل مرة واحدة فقط وتنتهي صلاحيته خلال 15 دقيقة:',
    ignore: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: لا يدخل أحد من دون هذا الرابط.',
  },
};

const passwordChangedCopy: Record<Locale, Copy> = {
  es: {
    subject: 'Tu contraseña de Posada ha cambiado',
    greeting: (name) => `Hola, ${name}:`,
    intro: 'La contraseña de tu cuenta de Posada se acaba de cambiar y se han cerrado las demás sesiones.',
    button: 'Restablecer mi contraseña',
    expiry: 'Si no has sido tú, restablece tu contraseña ahora con este enlace:',
    ignore: 'Si has sido tú, no tienes que hacer nada.',
  },
  en: {
    subject: 'Your Posada password was changed',
    greeting: (name) => `Hello ${name},`,
    intro: 'The password of your Posada account was just changed and your other sessions were signed out.',
    button: 'Reset my password',
    expiry: 'If this was not you, reset your password now with this link:',
    ignore: 'If it was you, there is nothing else to do.',
  },
  ar: {
    subject: 'تم تغيير كلمة المرور في Posada',
    greeting: (name) => `مرحبًا ${name}،`,
    intro: 'تم للتو تغيير كلمة المرور لحسابك في Posada وتسجيل الخروج من جلساتك الأخرى.',
    button: 'إعادة تعيين كلمة المرور',
    expiry: 'إذا لم تكن أنت من قام بذلك، فأعد تعيين كلمة المرور الآن عبر هذا الرابط:',
    ignore: 'إذا كنت أنت، فلا حاجة لفعل أي شيء.',
  },
};

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function render(copy: Copy, locale: Locale, name: string, link: string): EmailContent {
  const footer = translate(locale, 'mail.footer');
  const text = [copy.greeting(name), '', copy.intro, '', copy.expiry, link, '', copy.ignore, '', footer].join(
    '\n',
  );
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<body style="font-family: Arial, sans-serif; color: #1f2933; line-height: 1.5;">
  <p>${escapeHtml(copy.greeting(name))}</p>
  <p>${escapeHtml(copy.intro)}</p>
  <p>${escapeHtml(copy.expiry)}</p>
  <p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #0b7285; color: #ffffff; border-radius: 6px; text-decoration: none;">${escapeHtml(copy.button)}</a></p>
  <p style="font-size: 13px; color: #52606d;">${href}</p>
  <p style="font-size: 13px; color: #52606d;">${escapeHtml(copy.ignore)}</p>
  <p style="font-size: 12px; color: #7b8794;">${escapeHtml(footer)}</p>
</body>
</html>`;
  return { subject: copy.subject, text, html };
}

export function confirmationEmail(locale: Locale, name: string, link: string): EmailContent {
  return render(confirmationCopy[locale], locale, name, link);
}

export function passwordResetEmail(locale: Locale, name: string, link: string): EmailContent {
  return render(resetCopy[locale], locale, name, link);
}

/** An e-mailed sign-in link (issue 27): the owner's way in while their address is throttled. */
export function signInLinkEmail(locale: Locale, name: string, link: string): EmailContent {
  return render(signInCopy[locale], locale, name, link);
}

/** After a password change from the account page: the link leads to a reset, in case it was not them. */
export function passwordChangedEmail(locale: Locale, name: string, resetLink: string): EmailContent {
  return render(passwordChangedCopy[locale], locale, name, resetLink);
}
