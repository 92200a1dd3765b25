import type { Db } from '../../platform/db/database.ts';
import { MailRepository } from './mail.repository.ts';
import { mailRoutes } from './mail.routes.ts';
import { MailService } from './mail.service.ts';

export type { MailMessage } from './mail.service.ts';
export type { MailService };

export function createMailModule(
  db: Db,
  options: {
    smtpUrl: string | undefined;
    from: string;
    log: (message: string, error?: unknown) => void;
  },
) {
  const service = new MailService(
    new MailRepository(db),
    options.smtpUrl,
    options.from,
    options.log,
  );
  return { service, devRoutes: mailRoutes(service) };
}
