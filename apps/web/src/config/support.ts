/** Support and sales contacts; override per deployment with VITE_* variables at build time. */
const env = import.meta.env as Record<string, string | undefined>;

export const scheduleCallUrl = env.VITE_SCHEDULE_CALL_URL || 'https://calendly.com/posada/demo';
export const supportEmail = env.VITE_SUPPORT_EMAIL || 'soporte@posada.app';
/** International number without "+" or spaces, as wa.me expects. */
export const supportWhatsApp = (env.VITE_SUPPORT_WHATSAPP || '34910000000').replace(/\D/g, '');

export function whatsAppLink(text: string): string {
  return `https://wa.me/${supportWhatsApp}?text=${encodeURIComponent(text)}`;
}

/** spec 2.4 embedded help videos: the "connecting channels" video, when this deployment has one. */
export const channelsHelpVideoUrl = env.VITE_HELP_VIDEO_CHANNELS_URL || null;
