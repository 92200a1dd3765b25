import { z } from 'zod';

/**
 * Every JSON answer of API v1 carries `status` (equal to the HTTP status) and a
 * human-readable `message`; clients toast `message` on any non-200.
 */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), message: z.string(), data });

export const errorBody = z.object({
  status: z.number().int(),
  message: z.string(),
  code: z.string(),
  /** Field-level problems for 400/422 answers: path → message. */
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ status: z.number().int(), message: z.string() });
