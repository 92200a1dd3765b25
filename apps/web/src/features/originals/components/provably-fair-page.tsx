import { diceRoll, floats, sha256Hex } from '@casino/games';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

type Verified = { hash: string; floats: number[]; roll: string };

/** Anyone can recompute a past bet here, in the browser, with the same code the server runs. */
export function ProvablyFairPage() {
  const { t } = useTranslation();
  const [serverSeed, setServerSeed] = useState('');
  const [clientSeed, setClientSeed] = useState('');
  const [nonce, setNonce] = useState('0');
  const [result, setResult] = useState<Verified | null>(null);
  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const seeds = {
      serverSeed: serverSeed.trim(),
      clientSeed: clientSeed.trim(),
      nonce: Number(nonce),
    };
    if (!seeds.serverSeed || !seeds.clientSeed || !Number.isInteger(seeds.nonce) || seeds.nonce < 0)
      return;
    const roll = await diceRoll(seeds);
    setResult({
      hash: await sha256Hex(seeds.serverSeed),
      floats: await floats(seeds, 4),
      roll: `${Math.floor(roll / 100)}.${String(roll % 100).padStart(2, '0')}`,
    });
  };
  const title = t('originals.fair.title');
  return (
    <PageFrame
      title={title}
      subtitle={t('originals.fair.subtitle')}
      breadcrumbs={[{ label: t('nav.home'), to: '/' }, { label: title }]}
    >
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-5 text-sm leading-relaxed text-fg-muted">
          <h2 className="text-base font-semibold text-fg">{t('originals.fair.howTitle')}</h2>
          <p>{t('originals.fair.how1')}</p>
          <pre className="overflow-x-auto rounded-lg bg-ink-950 p-3 font-mono text-[12px] text-fg">
            {
              'hmac  = HMAC_SHA256(serverSeed, clientSeed + ":" + nonce + ":" + round)\nfloat = b0/256 + b1/256² + b2/256³ + b3/256⁴\ndice  = floor(float × 10001) / 100'
            }
          </pre>
          <p>{t('originals.fair.how2')}</p>
        </section>
        <form
          className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-5"
          onSubmit={verify}
          data-testid="verifier"
        >
          <h2 className="text-base font-semibold text-fg">{t('originals.fair.verifier')}</h2>
          <TextField
            label={t('originals.fair.serverSeed')}
            value={serverSeed}
            onChange={(e) => setServerSeed(e.target.value)}
            spellCheck={false}
          />
          <TextField
            label={t('originals.clientSeed')}
            value={clientSeed}
            onChange={(e) => setClientSeed(e.target.value)}
            spellCheck={false}
          />
          <TextField
            label={t('originals.fair.nonce')}
            value={nonce}
            onChange={(e) => setNonce(e.target.value)}
            inputMode="numeric"
          />
          <Button type="submit">{t('originals.fair.verify')}</Button>
          {result && (
            <dl className="grid gap-2 text-[13px]" data-testid="verified">
              <div>
                <dt className="text-fg-subtle">{t('originals.serverHash')}</dt>
                <dd className="break-all font-mono text-fg">{result.hash}</dd>
              </div>
              <div>
                <dt className="text-fg-subtle">{t('originals.fair.floats')}</dt>
                <dd className="font-mono text-fg">
                  {result.floats.map((f) => f.toFixed(10)).join(', ')}
                </dd>
              </div>
              <div>
                <dt className="text-fg-subtle">{t('originals.fair.diceRoll')}</dt>
                <dd className="font-mono text-2xl font-bold text-fg" data-testid="verified-roll">
                  {result.roll}
                </dd>
              </div>
            </dl>
          )}
        </form>
      </div>
    </PageFrame>
  );
}
