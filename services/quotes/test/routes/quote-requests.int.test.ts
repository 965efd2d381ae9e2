import { describe, expect, it } from 'vitest';
import { quoteDeliveredV1 } from '@limo/contracts';
import { nextIp, waitFor } from '@limo/platform/testing';
import { companyEvent, companySnapshot, quoteBody } from '../fixtures.js';
import { addCompany, companies, ctx, mailsTo, postQuote, present, published, quotes, useQuotesService } from '../quotes-support.js';

useQuotesService();

describe('POST /api/quote-requests', () => {
  it('stores the request as pending, mails the company (business e-mail first) and confirms to the customer', async () => {
    const company = await addCompany({ businessEmail: 'quotes@acme-limo.example', name: 'Acme <Limo> & Co' });
    const res = await postQuote(quoteBody(company.id, { customerName: 'Jane <b>Bold</b>', customerEmail: 'jane.first@rider.example' }));
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ companyId: company.id, companyName: 'Acme <Limo> & Co', status: 'pending' });
    const stored = await (await quotes()).findOne({ _id: created.id });
    expect(stored).toMatchObject({ status: 'pending', tripTime: '1:15 PM', serviceType: 'To Airport', source: 'company' });

    const [toCompany] = await waitFor(async () => {
      const mails = await mailsTo('quotes@acme-limo.example');
      return mails.length > 0 && mails;
    });
    expect(toCompany.tag).toBe('quote-to-company');
    expect(toCompany.replyTo).toBe('jane.first@rider.example');
    expect(toCompany.text).toContain('Jane <b>Bold</b>');
    expect(toCompany.text).toContain("O'Hare International Airport");
    expect(toCompany.text).toContain('Child seat, please');
    expect(toCompany.html).toContain('Jane &lt;b&gt;Bold&lt;/b&gt;');
    expect(toCompany.html).toContain('Acme &lt;Limo&gt; &amp; Co');
    expect(toCompany.html).not.toContain('<b>Bold</b>');
    expect(toCompany.html).toContain('O&#39;Hare');
    const [confirmation] = await waitFor(async () => {
      const mails = await mailsTo('jane.first@rider.example');
      return mails.length > 0 && mails;
    });
    expect(confirmation.tag).toBe('quote-confirmation');
    expect(confirmation.text).toContain('Acme <Limo> & Co');
    expect(confirmation.text).not.toContain('Child seat');

    const delivered = await waitFor(async () => {
      const q = await (await quotes()).findOne({ _id: created.id });
      return q?.deliveredAt ? q : undefined;
    });
    expect(delivered.delivery).toBe('delivered');
    const event = await waitFor(() =>
      published.find((e) => e.type === 'quote.delivered.v1' && (e.data as { quoteId: string }).quoteId === created.id),
    );
    expect(quoteDeliveredV1.parse(event).data.companyId).toBe(company.id);
  });

  it('accepts a quote for a company listed a moment ago, whose event is still on its way', async () => {
    const snapshot = companySnapshot();
    const posting = postQuote(quoteBody(snapshot.id));
    await new Promise((r) => setTimeout(r, 300));
    await ctx.bus.publish([companyEvent('company.created.v1', snapshot)]);
    expect((await posting).statusCode).toBe(201);
  });

  it('answers 404 for an unknown or deleted company', async () => {
    expect((await postQuote(quoteBody('no-such-company'))).statusCode).toBe(404);
    const company = await addCompany();
    await ctx.bus.publish([companyEvent('company.deleted.v1', { id: company.id, version: 2 })]);
    await waitFor(() => present(companies().then((c) => c.findOne({ _id: company.id, active: false }))));
    const res = await postQuote(quoteBody(company.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Company not found');
  });

  it('keeps a request to a company without any e-mail address, for its dashboard', async () => {
    const company = await addCompany({ email: null, businessEmail: null });
    const res = await postQuote(quoteBody(company.id));
    expect(res.statusCode).toBe(201);
    await waitFor(async () => (await (await quotes()).findOne({ _id: res.json().id }))?.delivery === 'no-address');
  });

  it('limits requests per client address, with Retry-After', async () => {
    const company = await addCompany();
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await postQuote(quoteBody(company.id), ip)).statusCode).toBe(201);
    const refused = await postQuote(quoteBody(company.id), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many quote requests from this address. Please try again later.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await postQuote(quoteBody(company.id), nextIp())).statusCode).toBe(201);
  });
});
