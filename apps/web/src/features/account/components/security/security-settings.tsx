import { PasskeysCard } from './passkeys-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

/** The Security page body: one column on a phone, two side by side from `lg`. */
export function SecuritySettings() {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <div className="flex flex-col gap-6">
        <TwoFactorCard />
        <PasskeysCard />
      </div>
      <div className="flex flex-col gap-6">
        <SessionsCard />
      </div>
    </div>
  );
}
