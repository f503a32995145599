import { describe, expect, it } from 'vitest';
import { formatMoney, webBookingConfirmation } from './direct-booking.emails.ts';

const input = {
  to: 'guest@example.com',
  name: 'Lucía <b>',
  business: 'Casa Rural Las Encinas',
  property: {
    nombre: 'Casa Azul',
    address: 'Calle Larios 5',
    city: 'Málaga',
    checkinTime: '15:00',
    checkoutTime: '11:00',
  },
  booking: {
    code: 'AB12CD',
    property_name: 'Casa Azul',
    start_date: '2026-12-01',
    end_date: '2026-12-04',
    guests: 2,
    total_price: 27_000,
    currency: 'EUR',
    payment_type: 'on_arrival' as const,
  },
};

describe('web booking confirmation e-mail', () => {
  it('writes money as the guest reads it: euros with cents, Colombian pesos without', () => {
    expect(formatMoney(27_000, 'EUR', 'es')).toMatch(/^270,00\s€$/);
    expect(formatMoney(45_000_000, 'COP', 'es')).toMatch(/^450\.000\sCOP$/);
  });

  it('gives the stay, the address, the check-in time, the total and pay on arrival, in Spanish', () => {
    const mail = webBookingConfirmation('es', input);
    expect(mail.subject).toBe('Reserva confirmada en Casa Azul (AB12CD)');
    expect(mail.text).toContain('Llegada: martes, 1 de diciembre de 2026, a partir de las 15:00.');
    expect(mail.text).toContain('Salida: viernes, 4 de diciembre de 2026, antes de las 11:00.');
    expect(mail.text).toContain('Dirección: Calle Larios 5, Málaga.');
    expect(mail.text).toMatch(/Total: 270,00\s€\. Pagas a la llegada al alojamiento\./);
    // The guest's name is text, never markup, in the HTML part.
    expect(mail.html).toContain('Lucía &lt;b&gt;');
  });

  it('is right-to-left in Arabic', () => {
    const mail = webBookingConfirmation('ar', input);
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('تدفع عند الوصول');
  });
});
