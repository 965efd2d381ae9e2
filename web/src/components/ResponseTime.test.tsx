import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompanyCard } from './CompanyCard';
import { responseHoursLabel } from './ResponseTime';
import { makeCompany } from '../test/fixtures';
import { renderAt } from '../test/render';

describe('responsiveness on the company card (issue 21)', () => {
  it('says "Usually responds within N hours" with the share answered, and shows the Top Rated badge', async () => {
    renderAt(<CompanyCard company={makeCompany({ responseTimeHours: 2.4, responseRate: 0.8, badges: ['top-rated'] })} />);
    expect(await screen.findByText('Usually responds within 3 hours · answers 80% of requests')).toBeInTheDocument();
    expect(screen.getByText('Top Rated')).toBeInTheDocument();
  });

  it('says nothing without figures (fewer than 3 leads in 30 days)', async () => {
    renderAt(<CompanyCard company={makeCompany({ responseTimeHours: null, responseRate: null })} />);
    expect(await screen.findByText('Sunshine Limousines')).toBeInTheDocument();
    expect(screen.queryByText(/Usually responds/)).toBeNull();
    expect(screen.queryByText('Top Rated')).toBeNull();
  });

  it('rounds up to whole hours, at least one', () => {
    expect(responseHoursLabel(0)).toBe('1 hour');
    expect(responseHoursLabel(1)).toBe('1 hour');
    expect(responseHoursLabel(1.1)).toBe('2 hours');
  });
});
