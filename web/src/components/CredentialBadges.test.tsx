import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompanyCard } from './CompanyCard';
import { expiryMonth } from './CredentialBadges';
import { makeCompany } from '../test/fixtures';
import { renderAt } from '../test/render';

describe('Licensed and Insured badges (issue 21)', () => {
  it('show on the company card with the insurance expiry month', async () => {
    renderAt(<CompanyCard company={makeCompany({ badges: ['licensed', 'insured'], insuranceExpiresOn: '2027-03-31' })} />);
    expect(await screen.findByText('Licensed')).toBeInTheDocument();
    expect(screen.getByText('Insured · until Mar 2027')).toBeInTheDocument();
  });

  it('do not show without the badges (an expired insurance has no insured badge)', async () => {
    renderAt(<CompanyCard company={makeCompany({ badges: ['licensed'], insuranceExpiresOn: null })} />);
    expect(await screen.findByText('Licensed')).toBeInTheDocument();
    expect(screen.queryByText(/Insured/)).toBeNull();
  });

  it('name the month of the date itself, whatever the time zone (the 1st stays in its month)', () => {
    expect(expiryMonth('2027-03-01')).toBe('Mar 2027');
    expect(expiryMonth('2026-12-31')).toBe('Dec 2026');
  });
});
