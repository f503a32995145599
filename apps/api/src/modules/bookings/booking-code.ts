import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be misread over the phone or on paper: no 0/O, 1/I/L. */
export const BOOKING_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const BOOKING_CODE_PATTERN = /^PS-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;

/** A short human booking code, e.g. PS-7K3Q9M (31^6 ≈ 887 million per account; unique with retry). */
export function newBookingCode(random: (max: number) => number = randomInt): string {
  let code = 'PS-';
  for (let i = 0; i < 6; i++) code += BOOKING_CODE_ALPHABET[random(BOOKING_CODE_ALPHABET.length)];
  return code;
}
