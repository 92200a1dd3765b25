import { type CodesOf, defineErrors } from '../../platform/http/errors.ts';

/** What an operator's repair of event delivery can be refused with (decision 0005). */
export const SYSTEM_ERRORS = {
  SUBSCRIBER_NOT_FOUND: { status: 404, message: 'No subscriber of that name' },
  DEAD_LETTER_NOT_FOUND: {
    status: 404,
    message: 'That subscriber has no dead letter for that event',
  },
  DEAD_LETTER_REDELIVERED: { status: 409, message: 'That event was already redelivered' },
  EVENT_TYPE_NOT_TAKEN: {
    status: 409,
    message: 'The subscriber no longer takes events of this type',
  },
  REDELIVERY_FAILED: { status: 409, message: 'The subscriber failed on the event again' },
  JOB_NOT_FOUND: { status: 404, message: 'No failed run of that job with that id' },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof SYSTEM_ERRORS> {}
}

export const { error: systemError, is: isSystemError } = defineErrors('system', SYSTEM_ERRORS);
