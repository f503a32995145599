import { z } from 'zod';

/** Every JSON answer of the API is an envelope (ARCHITECTURE §3). */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ ok: z.literal(true), data });
}

export const errorEnvelope = z.object({
  ok: z.literal(false),
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const messageData = z.object({ message: z.string() });
