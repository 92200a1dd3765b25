import type { FastifyPluginAsync } from 'fastify';
import type { PaymentsService } from './payments.service.ts';
import {
  type SandboxChoice,
  type SandboxPaymentProvider,
  sandboxUtr,
} from './providers/sandbox.ts';

const REFERENCE = /^sbx_[0-9a-f]{24}$/;
const CHOICES: readonly SandboxChoice[] = ['approve', 'decline', 'abandon'];

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0b0e14;color:#e6e9ef;display:flex;flex-direction:column;align-items:center}
.ribbon{width:100%;background:repeating-linear-gradient(135deg,#f5b301 0 18px,#1b1f27 18px 36px);padding:6px 0;text-align:center}
.ribbon span{background:#0b0e14;color:#f5b301;font-weight:800;letter-spacing:.18em;padding:3px 14px;border-radius:4px;font-size:12px}
main{width:100%;max-width:440px;margin:40px 16px;background:#141923;border:1px solid #263042;border-radius:16px;padding:28px;box-shadow:0 20px 60px rgba(0,0,0,.45)}
h1{font-size:19px;margin:0 0 4px}p.sub{color:#97a0b3;margin:0 0 22px;font-size:13.5px}
.amount{font-size:34px;font-weight:800;letter-spacing:-.02em;font-variant-numeric:tabular-nums;margin:4px 0 18px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px;font-size:13.5px}dt{color:#97a0b3}dd{margin:0;text-align:right;font-variant-numeric:tabular-nums;word-break:break-all}
.buttons{display:grid;gap:10px}button{font:inherit;font-weight:650;border-radius:10px;padding:12px 16px;border:1px solid transparent;cursor:pointer}
.approve{background:#22c55e;color:#06210f}.approve:hover{background:#2ed46b}
.decline{background:#2a1417;color:#fca5a5;border-color:#5c2329}.abandon{background:transparent;color:#97a0b3;border-color:#263042}
.note{margin-top:22px;font-size:12.5px;color:#7d869a;border-top:1px solid #263042;padding-top:16px}
.status{display:inline-block;padding:3px 10px;border-radius:999px;background:#1e2533;color:#cbd3e1;font-size:12.5px;font-weight:600}
a{color:#7cc4ff}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><div class="ribbon"><span>SANDBOX · NO REAL MONEY</span></div><main>${body}</main></body></html>`;
}

/**
 * The sandbox gateway's hosted payment page, served by this product (never in production).
 * It stands where a real provider's checkout would: the tester approves, declines or abandons,
 * and the sandbox sends its signed webhook through the public webhook route, exactly as a
 * provider would, then returns the player to the site.
 */
export const sandboxGatewayRoutes =
  (
    payments: PaymentsService,
    sandbox: SandboxPaymentProvider,
    publicUrl: () => string,
  ): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.get('/sandbox/gateway/:reference', { schema: { hide: true } }, async (request, reply) => {
      const { reference } = request.params as { reference: string };
      const session = REFERENCE.test(reference) ? await payments.sandboxSession(reference) : null;
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!session) {
        return reply
          .status(404)
          .send(
            page(
              'Payment not found',
              '<h1>Payment not found</h1><p class="sub">This sandbox payment does not exist.</p>',
            ),
          );
      }
      const { view } = session;
      const method =
        view.payment_mode === 'upi'
          ? 'UPI'
          : view.payment_mode === 'netbanking'
            ? 'Netbanking'
            : view.gateway.name;
      const rows: Array<[string, string]> = [
        ['Method', method],
        ['Gateway fee', `${view.fee} ${view.currency} (${view.fee_percent}%)`],
        ['Credited to the wallet', `${view.net_amount} ${view.currency}`],
        ['Reference', view.provider_reference ?? ''],
        ['Order', view.id],
      ];
      const summary = `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;
      const back = `${publicUrl()}/?deposit=${view.id}`;
      if (view.status !== 'pending') {
        return page(
          'Sandbox payment',
          `<h1>Sandbox payment</h1><p class="sub">This payment is no longer open.</p><div class="amount">${escapeHtml(view.amount)} ${escapeHtml(view.currency)}</div><p><span class="status" data-testid="sandbox-status">${escapeHtml(view.status)}</span></p>${summary}<a href="${escapeHtml(back)}">Return to the site</a>`,
        );
      }
      return page(
        'Sandbox payment',
        `<h1>Sandbox payment gateway</h1><p class="sub">A test checkout standing in for the real payment provider. Choose what the provider reports.</p>` +
          `<div class="amount" data-testid="sandbox-amount">${escapeHtml(view.amount)} ${escapeHtml(view.currency)}</div>${summary}` +
          `<form method="post" class="buttons">` +
          `<button class="approve" name="choice" value="approve" data-testid="sandbox-approve">Approve payment</button>` +
          `<button class="decline" name="choice" value="decline" data-testid="sandbox-decline">Decline</button>` +
          `<button class="abandon" name="choice" value="abandon" data-testid="sandbox-abandon">Abandon and return</button>` +
          `</form><p class="note">The sandbox sends a signed webhook (HMAC-SHA256) to the site, as a real gateway would; only that webhook credits the wallet.</p>`,
      );
    });

    app.post('/sandbox/gateway/:reference', { schema: { hide: true } }, async (request, reply) => {
      const { reference } = request.params as { reference: string };
      const choice = (request.body as { choice?: string } | undefined)?.choice as SandboxChoice;
      const session = REFERENCE.test(reference) ? await payments.sandboxSession(reference) : null;
      if (!session || !CHOICES.includes(choice)) {
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(page('Bad request', '<h1>Bad request</h1>'));
      }
      const { view } = session;
      if (view.status === 'pending') {
        const delivery = sandbox.event(choice, {
          provider_reference: reference,
          amount: view.amount,
          currency: view.currency,
          utr: choice === 'approve' && view.payment_mode ? sandboxUtr() : null,
        });
        // Through the public webhook route, as the provider's servers would call it.
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/payments/webhook/sandbox',
          headers: delivery.headers,
          payload: delivery.body,
        });
        if (response.statusCode !== 200) {
          request.log.error({ body: response.body }, 'sandbox webhook refused');
        }
      }
      return reply.redirect(`${publicUrl()}/?deposit=${view.id}&result=${choice}`, 303);
    });
  };
