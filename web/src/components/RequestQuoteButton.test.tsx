import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCompany } from '../test/fixtures';
import { analytics, fakeServer, renderAt } from '../test/render';
import { RequestQuoteButton } from './RequestQuoteButton';

describe('Request Quote button', () => {
  it('opens the quote dialog of its company, and gives the focus back when it closes', async () => {
    fakeServer(analytics);
    const { user } = renderAt(<RequestQuoteButton company={makeCompany()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Request Quote' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Submit Quote Request' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });
});
